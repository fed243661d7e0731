// The landing page's word after an account was deleted from /profile (its router state says so). Read
// after mount: the page is prerendered and hydrates without it; the state is then cleared so a reload
// does not say it again.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { isAccountDeletedState } from './account-deleted';

export function AccountDeletedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState(false);
  const arrivedDeleted = isAccountDeletedState(location.state);

  useEffect(() => {
    if (!arrivedDeleted) return;
    setShown(true);
    navigate({ pathname: location.pathname, hash: location.hash }, { replace: true, state: null });
  }, [arrivedDeleted, navigate, location.pathname, location.hash]);

  if (!shown) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Alert tone="success">
        Your account has been deleted, with its pins, photos and videos. Any paid subscription has been
        cancelled.
      </Alert>
    </div>
  );
}
