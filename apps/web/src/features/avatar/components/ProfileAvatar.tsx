// The avatar on the profile: the saved figure in the small 3D viewer (its chunk is fetched only for a
// traveller who has one), or the picture (the account's, or the name's first letter) before one is saved.
import { avatarItems } from '@waymarks/shared';
import { useSavedAvatar } from '../api/avatar';
import { lookOf } from '../parts';
import { AvatarImage } from './AvatarImage';
import { AvatarViewer } from './AvatarViewer';

export function ProfileAvatar({ name, picture }: { name: string; picture?: string | null | undefined }) {
  const saved = useSavedAvatar();
  if (saved.data?.hasAvatar) {
    // The parts are drawn from the shared catalogue: no need to fetch the wardrobe to show them.
    return <AvatarViewer look={lookOf(saved.data.parts, avatarItems())} size="small" label="Your avatar" />;
  }
  return (
    <AvatarImage
      name={name}
      picture={picture}
      className="size-24 ring-4 ring-brand-50"
      letterClassName="text-4xl"
    />
  );
}
