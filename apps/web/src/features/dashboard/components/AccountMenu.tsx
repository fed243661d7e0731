// The phone's way to the account: the profile picture opens a menu with the profile, the import of past
// travels, the avatar and sign-out, so that the header keeps only the map's own buttons beside the name.
// From the sm breakpoint up the header shows these as buttons of their own. The menu is drawn inside the
// header (no portal), so it stays within the page's banner landmark.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { FileUp, LogOut, Settings, UserRound } from 'lucide-react';
import { displayName, type User } from '@waymarks/shared';
import { useAuth } from '../../../app/auth/useAuth';
import { AvatarDialog, AvatarImage } from '../../avatar';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 data-[disabled]:opacity-60';

export function AccountMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const name = displayName(user);

  async function handleSignOut() {
    setSigningOut(true);
    await signOut();
    navigate('/signin', { replace: true });
  }

  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger
          aria-label="Account menu"
          className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 data-[state=open]:bg-slate-100"
        >
          <AvatarImage name={name} picture={user.picture} className="size-9" />
        </Menu.Trigger>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <Menu.Label className="truncate px-3 pt-1.5 pb-2 text-xs font-medium text-slate-500">
            Signed in as {name}
          </Menu.Label>
          <Menu.Item className={ITEM} onSelect={() => navigate('/profile')}>
            <Settings aria-hidden="true" className="size-5 text-slate-500" />
            Profile &amp; Settings
          </Menu.Item>
          <Menu.Item className={ITEM} onSelect={() => navigate('/import')}>
            <FileUp aria-hidden="true" className="size-5 text-slate-500" />
            Import past travels
          </Menu.Item>
          <Menu.Item className={ITEM} onSelect={() => setAvatarOpen(true)}>
            <UserRound aria-hidden="true" className="size-5 text-slate-500" />
            Avatar
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item
            className={ITEM}
            disabled={signingOut}
            onSelect={(event) => {
              event.preventDefault();
              void handleSignOut();
            }}
          >
            <LogOut aria-hidden="true" className="size-5 text-slate-500" />
            {signingOut ? 'Signing out...' : 'Sign Out'}
          </Menu.Item>
        </Menu.Content>
      </Menu.Root>
      <AvatarDialog open={avatarOpen} onOpenChange={setAvatarOpen} />
    </>
  );
}
