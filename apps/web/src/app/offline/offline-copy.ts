// The signed-in traveller's places, kept on the device for the map offline: the pins and the country figures
// as last loaded, with who they belong to and when they were loaded. The app keeps this copy itself rather
// than the service worker keeping API answers, so that it can always say how old what it shows is; it is
// written whenever the places load and forgotten when the session ends.
import type { QueryClient } from '@tanstack/react-query';
import type { CountriesSummary, Pin, User } from '@waymarks/shared';
import { countryKeys, pinKeys } from '../../features/pins';
import {
  DEVICE_STORES,
  deleteDeviceRecord,
  readDeviceRecord,
  writeDeviceRecord,
} from '../../lib/device-store';
import { forgetSharedFiles } from '../../lib/shared-files';
import type { SessionManager } from '../auth/session';

/** Bumped when the record's shape changes: an older copy is not read. */
const FORMAT = 1;
const RECORD = 'places';
/** Loads come in pairs (pins, then figures) and in bursts after each change: one write for each burst. */
export const SAVE_DELAY_MS = 1_000;

export interface OfflineCopy {
  format: typeof FORMAT;
  /** When the pins were loaded from the server (milliseconds since the epoch). */
  savedAt: number;
  user: User;
  pins: Pin[];
  countries: CountriesSummary | null;
}

export async function loadOfflineCopy(): Promise<OfflineCopy | null> {
  try {
    const copy = await readDeviceRecord<OfflineCopy>(DEVICE_STORES.offlineCopy, RECORD);
    return copy?.format === FORMAT ? copy : null;
  } catch (error) {
    console.warn('The places kept on this device could not be read', error);
    return null;
  }
}

/** Forgets what this device keeps for the traveller: the places, and shared files not yet uploaded. */
export async function forgetDeviceData(): Promise<void> {
  await Promise.all([forgetOfflineCopy(), forgetSharedFiles()]);
}

export function forgetOfflineCopy(): Promise<void> {
  return deleteDeviceRecord(DEVICE_STORES.offlineCopy, RECORD);
}

/**
 * The places this device keeps, between the session and the screens' queries:
 *
 * - `restore` gives the session manager the traveller to show while the server cannot be reached at
 *   start-up; their places are put where the screens read them, dated as loaded when the copy was, only
 *   once the manager shows that traveller;
 * - once the server is back and the session live, those places are dropped and loaded again, so what was
 *   shown from the copy (under the dashboard's offline notice) is never shown as if it were fresh;
 * - each time the places load for a live session the copy is written again, and when the session ends
 *   (signed out, expired, the account deleted) it is forgotten with any shared files waiting; a start-up
 *   with no session forgets the places only.
 */
export class OfflinePlaces {
  private readonly queryClient: QueryClient;
  private readonly load: () => Promise<OfflineCopy | null>;
  private readonly forget: () => Promise<void>;
  private readonly forgetPlaces: () => Promise<void>;
  private readonly delayMs: number;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** A copy read for the session manager, not yet shown. */
  private pending: OfflineCopy | null = null;
  /** The screens show a copy, to be replaced by the server's places once the session is live. */
  private restored = false;

  constructor(
    queryClient: QueryClient,
    {
      load = loadOfflineCopy,
      forget = forgetDeviceData,
      forgetPlaces = forgetOfflineCopy,
      delayMs = SAVE_DELAY_MS,
    }: {
      load?: () => Promise<OfflineCopy | null>;
      /** Everything kept for the session: the places and any shared files. */
      forget?: () => Promise<void>;
      /** The places alone. */
      forgetPlaces?: () => Promise<void>;
      delayMs?: number;
    } = {},
  ) {
    this.queryClient = queryClient;
    this.load = load;
    this.forget = forget;
    this.forgetPlaces = forgetPlaces;
    this.delayMs = delayMs;
  }

  /**
   * For SessionManager's restoreOffline: the kept traveller. Their places reach the screens only if the
   * manager does show them offline (see follow), never over a live session that won the race.
   */
  restore = async (): Promise<User | null> => {
    const copy = await this.load();
    this.pending = copy;
    return copy?.user ?? null;
  };

  private show(copy: OfflineCopy): void {
    this.restored = true;
    this.queryClient.setQueryData(pinKeys.all, copy.pins, { updatedAt: copy.savedAt });
    if (copy.countries) {
      this.queryClient.setQueryData(countryKeys.summary, copy.countries, { updatedAt: copy.savedAt });
    }
  }

  /** Keeps the copy in step with the session; returns what stops it. */
  follow(manager: SessionManager): () => void {
    const stopQueries = this.queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [key] = event.query.queryKey;
      if (key !== pinKeys.all[0] && key !== countryKeys.summary[0]) return;
      this.cancelSave();
      this.timer = setTimeout(() => this.save(manager), this.delayMs);
    });
    let previous = manager.getSnapshot().status;
    const stopSession = manager.subscribe(() => {
      const { status, offline, user } = manager.getSnapshot();
      const pending = this.pending;
      this.pending = null;
      // Called as the manager publishes, before any screen draws the offline traveller.
      if (offline && pending && pending.user.userId === user?.userId) this.show(pending);
      if (status === 'signedIn' && !offline && this.restored) {
        this.restored = false;
        void this.queryClient.resetQueries({ queryKey: pinKeys.all });
        void this.queryClient.resetQueries({ queryKey: countryKeys.summary });
      }
      if (status === 'signedOut' && previous !== 'signedOut') {
        this.cancelSave();
        // A session that ends takes everything this device keeps for it. At start-up (no session, or one
        // that ran out) only the places go: photos shared meanwhile wait for the traveller to sign in.
        const forgetting = previous === 'signedIn' ? this.forget() : this.forgetPlaces();
        forgetting.catch((error: unknown) => console.warn('What this device keeps stays', error));
      }
      previous = status;
    });
    return () => {
      stopQueries();
      stopSession();
      this.cancelSave();
    };
  }

  private save(manager: SessionManager): void {
    this.timer = null;
    const { status, user, offline } = manager.getSnapshot();
    const pins = this.queryClient.getQueryState<Pin[]>(pinKeys.all);
    if (status !== 'signedIn' || offline || !user || pins?.status !== 'success' || !pins.data) return;
    const copy: OfflineCopy = {
      format: FORMAT,
      savedAt: pins.dataUpdatedAt,
      user,
      pins: pins.data,
      countries: this.queryClient.getQueryData<CountriesSummary>(countryKeys.summary) ?? null,
    };
    writeDeviceRecord(DEVICE_STORES.offlineCopy, RECORD, copy).catch((error: unknown) =>
      console.warn('The places could not be kept on this device', error),
    );
  }

  private cancelSave(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
