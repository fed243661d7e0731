// The profile's avatar (the saved figure in 3D, or the account's picture or the name's first letter) and
// 'Customize Avatar', which opens the avatar dialog.
import { useState } from 'react';
import { displayName, type Profile } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { AvatarDialog, ProfileAvatar } from '../../avatar';

export function AvatarCard({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  const name = displayName(profile);
  return (
    <Card as="section" aria-label="Avatar" className="flex flex-col items-center gap-4 text-center">
      <ProfileAvatar name={name} picture={profile.picture} />
      <div>
        <p className="text-title font-semibold text-slate-900">{name}</p>
        {profile.username && <p className="text-sm text-slate-600">@{profile.username}</p>}
      </div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Customize Avatar
      </Button>
      <AvatarDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
