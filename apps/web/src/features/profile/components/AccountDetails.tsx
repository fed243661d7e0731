// The display name and the username, each saved on its own (SPEC.md §5: the username trimmed, 2 to 50
// letters, digits, underscore and hyphen, unique; the name as at sign-up), the e-mail and the member-since
// date.
import { LIMITS, validateName, validateUsername, type Profile } from '@waymarks/shared';
import { Card } from '../../../components/ui/Card';
import { PROFILE_MESSAGES } from '../messages';
import { formatLongDate } from '../plan-rules';
import { ProfileFieldForm } from './ProfileFieldForm';

export function AccountDetails({ profile }: { profile: Profile }) {
  return (
    <Card as="section" aria-labelledby="account-details-title" className="flex flex-col gap-5">
      <h2 id="account-details-title" className="text-title font-semibold text-slate-900">
        Account details
      </h2>
      <ProfileFieldForm
        field="name"
        profile={profile}
        label="Display name"
        autoComplete="name"
        maxLength={LIMITS.textMax}
        validate={validateName}
        hint="How Waymarks greets you, and your name on the leaderboard unless you choose a username."
        saveLabel="Save name"
        saved={PROFILE_MESSAGES.nameUpdated}
        failed={PROFILE_MESSAGES.nameFailed}
      />
      <ProfileFieldForm
        field="username"
        profile={profile}
        label="Username"
        autoComplete="username"
        maxLength={LIMITS.usernameMax}
        validate={validateUsername}
        hint="2 to 50 characters: letters, numbers, underscore and hyphen."
        saveLabel="Save username"
        saved={PROFILE_MESSAGES.usernameUpdated}
        failed={PROFILE_MESSAGES.usernameFailed}
      />
      <dl className="grid gap-4 border-t border-slate-100 pt-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600">E-mail</dt>
          <dd className="mt-0.5 break-all font-semibold text-slate-900">{profile.email}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Member since</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{formatLongDate(profile.signupDate)}</dd>
        </div>
      </dl>
    </Card>
  );
}
