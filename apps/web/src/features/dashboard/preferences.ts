// The dashboard's browser-stored preferences (SPEC.md §3): showCountryHighlighting, showTimeline and
// showPins, plus showGlobe (the map is a globe at world zooms), booleans that default to true; showGlobe
// defaults to false where WebGL is drawn in software, where the globe is slow. Each lives under its own
// localStorage key of the same name.
import { useCallback, useSyncExternalStore } from 'react';
import { rendersInSoftware } from '../../lib/webgl';

export const PREFERENCE_KEYS = ['showCountryHighlighting', 'showTimeline', 'showPins', 'showGlobe'] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type Preferences = Record<PreferenceKey, boolean>;

export const DEFAULT_PREFERENCES: Preferences = {
  showCountryHighlighting: true,
  showTimeline: true,
  showPins: true,
  showGlobe: true,
};

/** Storage that may be missing or refuse access (private windows, disabled storage). */
type MaybeStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

function browserStorage(): MaybeStorage {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads every preference; anything but the stored text 'false' or 'true' falls back to the default. */
export function readPreferences(
  storage: MaybeStorage = browserStorage(),
  defaults: Preferences = DEFAULT_PREFERENCES,
): Preferences {
  const preferences = { ...defaults };
  for (const key of PREFERENCE_KEYS) {
    let stored: string | null = null;
    try {
      stored = storage?.getItem(key) ?? null;
    } catch {
      stored = null;
    }
    if (stored === 'true' || stored === 'false') preferences[key] = stored === 'true';
  }
  return preferences;
}

/** Stores one preference. A storage that refuses keeps the choice for this page only. */
export function writePreference(
  key: PreferenceKey,
  value: boolean,
  storage: MaybeStorage = browserStorage(),
) {
  try {
    storage?.setItem(key, String(value));
  } catch {
    // Quota or privacy mode: the in-memory value below still applies until the page closes.
  }
  memory = { ...current(), [key]: value };
  for (const listener of listeners) listener();
}

let memory: Preferences | null = null;
const listeners = new Set<() => void>();

/** The defaults in this browser: a flat map where the globe would be drawn in software. */
function browserDefaults(): Preferences {
  return { ...DEFAULT_PREFERENCES, showGlobe: !rendersInSoftware() };
}

function current(): Preferences {
  memory ??= readPreferences(browserStorage(), browserDefaults());
  return memory;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key && (PREFERENCE_KEYS as readonly string[]).includes(event.key)) {
      memory = readPreferences(browserStorage(), browserDefaults());
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The preferences and a setter; every component using it, and other tabs, see a change at once. */
export function usePreferences(): [Preferences, (key: PreferenceKey, value: boolean) => void] {
  const preferences = useSyncExternalStore(subscribe, current, () => DEFAULT_PREFERENCES);
  const set = useCallback((key: PreferenceKey, value: boolean) => writePreference(key, value), []);
  return [preferences, set];
}
