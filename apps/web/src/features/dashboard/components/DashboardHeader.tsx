// The dashboard header (SPEC.md §2): welcome line and leaderboard rank badge, the highlighting and pins
// toggles, Leaderboard, the avatar dialog, the profile avatar button and sign-out. Locked features keep their place and
// explain which plan they need. On a phone the avatar, the profile and sign-out sit in the menu of the profile
// picture (AccountMenu), so the name and the map's buttons keep the row. Import leads to /import, where a
// location history brings past travels in. Share hands on the travel page (issue 27), or leads to the
// profile to turn it on; it keeps its place on a phone, as an icon.
import { useState } from 'react';
import { Link } from 'react-router';
import { FileUp, Globe2, MapPin, Trophy, UserRound } from 'lucide-react';
import { displayName, hasFeature, type User } from '@waymarks/shared';
import { WaymarksMark } from '../../../components/Logo';
import { SignOutButton } from '../../auth';
import { AvatarDialog, AvatarImage } from '../../avatar';
import { RankBadge } from '../../leaderboard';
import { ShareButton } from '../../share';
import type { PreferenceKey, Preferences } from '../preferences';
import { AccountMenu } from './AccountMenu';
import { LockedFeatureButton } from './LockedFeature';
import { headerButtonClasses } from './header-button';

function ToggleButton({
  pressed,
  onToggle,
  icon,
  label,
}: {
  pressed: boolean;
  onToggle: () => void;
  icon: React.ReactNode;
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      title={label}
      onClick={onToggle}
      className={headerButtonClasses(pressed)}
    >
      {icon}
      <span aria-hidden="true" className="hidden lg:inline">
        {label}
      </span>
    </button>
  );
}

/** Opens the avatar dialog (SPEC.md §2): the avatar's overview, and the creator on a paid plan. */
function AvatarButton({ iconClassName }: { iconClassName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        title="Avatar"
        onClick={() => setOpen(true)}
        className={`${headerButtonClasses(false)} max-sm:hidden`}
      >
        <UserRound aria-hidden="true" className={iconClassName} />
        <span className="sr-only lg:not-sr-only">Avatar</span>
      </button>
      <AvatarDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

export function DashboardHeader({
  user,
  preferences,
  onPreferenceChange,
}: {
  user: User;
  preferences: Preferences;
  onPreferenceChange: (key: PreferenceKey, value: boolean) => void;
}) {
  const toggle = (key: PreferenceKey) => () => onPreferenceChange(key, !preferences[key]);
  const icon = 'size-5 shrink-0';
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:gap-3 sm:px-5">
        <Link
          to="/dashboard"
          aria-label="Waymarks dashboard"
          className="hidden shrink-0 rounded-control sm:block"
        >
          <WaymarksMark className="size-9" />
        </Link>
        <div className="flex min-w-0 flex-1 items-center gap-2">
          {/* Two short lines on a phone, where the buttons leave little room; one line from sm up. */}
          <h1 className="min-w-0 text-base font-semibold leading-tight text-slate-900 sm:truncate sm:text-lg">
            <span className="block text-xs font-medium text-slate-600 sm:inline sm:text-lg sm:font-semibold sm:text-slate-900">
              Welcome,
            </span>{' '}
            <span className="block truncate sm:inline">{displayName(user)}</span>
          </h1>
          {hasFeature(user.tier, 'leaderboard') && <RankBadge />}
        </div>
        <nav aria-label="Dashboard" className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          {hasFeature(user.tier, 'countryHighlighting') ? (
            <ToggleButton
              pressed={preferences.showCountryHighlighting}
              onToggle={toggle('showCountryHighlighting')}
              icon={<Globe2 aria-hidden="true" className={icon} />}
              label="Highlight countries"
            />
          ) : (
            <LockedFeatureButton
              feature="countryHighlighting"
              icon={<Globe2 aria-hidden="true" className={icon} />}
              label="Highlight countries"
            />
          )}
          <ToggleButton
            pressed={preferences.showPins}
            onToggle={toggle('showPins')}
            icon={<MapPin aria-hidden="true" className={icon} />}
            label="Show pins"
          />
          {hasFeature(user.tier, 'leaderboard') ? (
            <Link to="/leaderboard" title="Leaderboard" className={headerButtonClasses(false)}>
              <Trophy aria-hidden="true" className={icon} />
              <span className="sr-only lg:not-sr-only">Leaderboard</span>
            </Link>
          ) : (
            <LockedFeatureButton
              feature="leaderboard"
              icon={<Trophy aria-hidden="true" className={icon} />}
              label="Leaderboard"
            />
          )}
          <Link
            to="/import"
            title="Import past travels"
            className={`${headerButtonClasses(false)} max-sm:hidden`}
          >
            <FileUp aria-hidden="true" className={icon} />
            <span className="sr-only lg:not-sr-only">Import</span>
          </Link>
          <ShareButton
            className={headerButtonClasses(false)}
            labelClassName="sr-only lg:not-sr-only"
            floatingNote
          />
          <AvatarButton iconClassName={icon} />
          <SignOutButton compactClassName={`${headerButtonClasses(false)} max-sm:hidden`} />
          <Link
            to="/profile"
            aria-label="Your profile"
            title="Your profile"
            className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 max-sm:hidden"
          >
            <AvatarImage name={displayName(user)} picture={user.picture} className="size-9" />
          </Link>
          <div className="sm:hidden">
            <AccountMenu user={user} />
          </div>
        </nav>
      </div>
    </header>
  );
}
