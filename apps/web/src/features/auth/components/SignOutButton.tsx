import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { useAuth } from '../../../app/auth/useAuth';
import { Button } from '../../../components/ui/Button';

export function SignOutButton() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function handleClick() {
    setBusy(true);
    await signOut();
    navigate('/signin', { replace: true });
  }

  return (
    <Button variant="secondary" onClick={handleClick} busy={busy}>
      {!busy && <LogOut aria-hidden="true" className="size-4" />}
      {busy ? 'Signing out...' : 'Sign Out'}
    </Button>
  );
}
