// The account's export as one button: asks for the ZIP and says so when it fails. Shown in the account
// section and again in the deletion dialog, where it cannot be made once the account is gone.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { describeError } from '../../../lib/api';
import { useExportAccount } from '../api/account';
import { PROFILE_MESSAGES } from '../messages';

export function ExportDataButton({ label }: { label: string }) {
  const exporter = useExportAccount();
  const [exportError, setExportError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        className="self-start"
        busy={exporter.isPending}
        onClick={() => {
          setExportError(null);
          exporter.mutate(undefined, {
            onError: (failure) => setExportError(describeError(failure, PROFILE_MESSAGES.exportFailed)),
          });
        }}
      >
        {!exporter.isPending && <Download aria-hidden="true" className="size-4" />}
        {label}
      </Button>
      <div aria-live="assertive">{exportError && <Alert tone="error">{exportError}</Alert>}</div>
    </>
  );
}
