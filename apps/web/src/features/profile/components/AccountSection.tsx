// The account as a whole (SPEC.md §9 Legal: deletion within 30 days; the privacy policy's export right):
// a ZIP of everything, and deletion. The pages that promise these link here (/profile#account).
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ExportDataButton } from './ExportDataButton';

export function AccountSection({ email }: { email: string }) {
  return (
    <Card
      as="section"
      id="account"
      tabIndex={-1}
      aria-labelledby="account-title"
      className="flex scroll-mt-6 flex-col gap-6 outline-none"
    >
      <h2 id="account-title" className="text-title font-semibold text-slate-900">
        Your data and account
      </h2>
      <div className="flex flex-col gap-3">
        <h3 className="font-semibold text-slate-900">Export your data</h3>
        <p className="text-sm text-slate-600">
          Downloads a ZIP file with your profile, your pins as GeoJSON and every original photo and video, as
          you uploaded them. A large library can take a while to download.
        </p>
        <ExportDataButton label="Export my data" />
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-100 pt-6">
        <h3 className="font-semibold text-slate-900">Delete your account</h3>
        <p className="text-sm text-slate-600 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline">
          Deletes your account, pins, photos and videos and cancels any paid subscription. All your data is
          deleted within 30 days, as described in the <Link to="/privacy">Privacy Policy</Link>. You confirm
          with your password, or with a code we e-mail you if you sign in with Google only, and we e-mail you
          when it is done. Export your data first if you want to keep a copy.
        </p>
        <div>
          <DeleteAccountDialog email={email} />
        </div>
      </div>
    </Card>
  );
}
