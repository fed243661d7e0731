// Photos and videos a phone's share sheet hands to the installed app (the manifest's share_target). The
// share sheet opens the app with a POST of the files to SHARE_TARGET_PATH (@waymarks/shared): the service
// worker keeps them on the device here and opens the dashboard with SHARED_FILES_PARAM, whose quick upload
// takes them. Files nobody takes within an hour are dropped, as are they all when a session ends; a
// traveller whose session had run out signs in first and finds them waiting.
import { SHARED_FILES_PARAM, type SharedFilesArrival } from '@waymarks/shared';
import { DEVICE_STORES, deleteDeviceRecord, takeDeviceRecord, updateDeviceRecord } from './device-store';

/** How long shared files wait for the dashboard to take them. */
export const SHARED_FILES_KEEP_MS = 60 * 60 * 1000;

const RECORD = 'waiting';

interface WaitingFiles {
  receivedAt: number;
  files: File[];
}

/** Keeps the files until the dashboard takes them; a second share before then adds to the first. */
export function keepSharedFiles(files: readonly File[], now = Date.now()): Promise<void> {
  return updateDeviceRecord<WaitingFiles>(DEVICE_STORES.sharedFiles, RECORD, (waiting) => {
    const earlier = waiting && now - waiting.receivedAt <= SHARED_FILES_KEEP_MS ? waiting.files : [];
    return { receivedAt: now, files: [...earlier, ...files] };
  });
}

/** The files waiting, taken so that no other tab takes them too; none when they waited too long. */
export async function takeSharedFiles(now = Date.now()): Promise<File[]> {
  const waiting = await takeDeviceRecord<WaitingFiles>(DEVICE_STORES.sharedFiles, RECORD);
  if (!waiting || now - waiting.receivedAt > SHARED_FILES_KEEP_MS) return [];
  return waiting.files;
}

export function forgetSharedFiles(): Promise<void> {
  return deleteDeviceRecord(DEVICE_STORES.sharedFiles, RECORD);
}

/** What the dashboard's address says arrived, if anything. */
export function sharedFilesArrival(search: string): SharedFilesArrival | null {
  const value = new URLSearchParams(search).get(SHARED_FILES_PARAM);
  return value === 'files' || value === 'again' ? value : null;
}
