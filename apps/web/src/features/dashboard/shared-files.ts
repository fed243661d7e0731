// Photos and videos shared to the installed app from the phone's gallery (lib/shared-files.ts): the service
// worker kept them and opened the dashboard with ?shared=files, or could not (?shared=again). The files are
// taken once, the parameter is dropped from the address (a reload opens nothing again), and files that
// never arrived are said so, rather than an empty upload opening.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SHARED_FILES_PARAM } from '@waymarks/shared';
import { sharedFilesArrival, takeSharedFiles } from '../../lib/shared-files';

export function useSharedFiles(onFiles: (files: File[]) => void): { lost: boolean; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [lost, setLost] = useState(false);
  const handled = useRef<string | null>(null);
  const deliver = useRef(onFiles);
  deliver.current = onFiles;

  useEffect(() => {
    const arrival = sharedFilesArrival(location.search);
    if (!arrival || handled.current === location.key) return;
    handled.current = location.key;
    const rest = new URLSearchParams(location.search);
    rest.delete(SHARED_FILES_PARAM);
    const search = rest.size > 0 ? `?${rest.toString()}` : '';
    void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
    if (arrival === 'again') {
      setLost(true);
      return;
    }
    takeSharedFiles().then(
      (files) => (files.length > 0 ? deliver.current(files) : setLost(true)),
      (error: unknown) => {
        console.warn('The shared files could not be read', error);
        setLost(true);
      },
    );
  }, [location, navigate]);

  return { lost, dismiss: () => setLost(false) };
}
