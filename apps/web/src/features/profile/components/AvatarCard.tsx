// The profile's picture (or the name's first letter) and the avatar button. The avatar creator is not
// part of this build yet, so the button is disabled and says so rather than promising it.
import { useId } from 'react';
import { displayName, type Profile } from '@waymarks/shared';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { PROFILE_MESSAGES } from '../messages';

export function AvatarCard({ profile }: { profile: Profile }) {
  const noteId = useId();
  const name = displayName(profile);
  return (
    <Card as="section" aria-label="Avatar" className="flex flex-col items-center gap-4 text-center">
      {profile.picture ? (
        <img
          src={profile.picture}
          alt=""
          referrerPolicy="no-referrer"
          className="size-24 rounded-full object-cover ring-4 ring-brand-50"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-24 items-center justify-center rounded-full bg-brand-700 text-4xl font-bold text-white ring-4 ring-brand-50"
        >
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div>
        <p className="text-title font-semibold text-slate-900">{name}</p>
        {profile.username && <p className="text-sm text-slate-600">@{profile.username}</p>}
      </div>
      <div className="flex flex-col items-center gap-1.5">
        <Button variant="secondary" disabled aria-describedby={noteId}>
          Customize Avatar
        </Button>
        <p id={noteId} className="text-sm text-slate-600">
          {PROFILE_MESSAGES.avatarComing}
        </p>
      </div>
    </Card>
  );
}
