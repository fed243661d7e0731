import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { useAuth } from '../../../app/auth/useAuth';
import { Button } from '../../../components/ui/Button';

/**
 * Signs out and goes to /signin. `compactClassName` renders it as a compact header button instead: the
 * icon always, the words only from the md breakpoint (below it they are the accessible name alone).
 */
export function SignOutButton({ compactClassName }: { compactClassName?: string } = {}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    setBusy(true);
    await signOut();
    navigate('/signin', { replace: true });
  }

  const label = busy ? 'Signing out...' : 'Sign Out';
  if (compactClassName) {
    return (
      <button type="button" onClick={handleClick} disabled={busy} title={label} className={compactClassName}>
        <LogOut aria-hidden="true" className="size-5 shrink-0" />
        <span className="sr-only md:not-sr-only">{label}</span>
      </button>
    );
  }
  return (
    <Button variant="secondary" onClick={handleClick} busy={busy}>
      {!busy && <LogOut aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}
