// Contract-shaped travel page settings for the component tests, with the fields a test cares about given
// as overrides. Imported by tests only.
import type { ShareSettings } from '@waymarks/shared';

export const PAGE_PATH = '/t/AAAAAAAAAAAAAAAAAAAAAA';
export const NEW_PAGE_PATH = '/t/BBBBBBBBBBBBBBBBBBBBBB';

export function buildShareSettings(overrides: Partial<ShareSettings> = {}): ShareSettings {
  return {
    enabled: true,
    url: PAGE_PATH,
    showMap: true,
    showStats: true,
    showTimeline: true,
    showAvatar: true,
    showPhotos: true,
    indexable: false,
    hiddenCountries: [],
    photoPins: [],
    hiddenPins: [],
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export const SHARE_OFF = buildShareSettings({ enabled: false, url: null, updatedAt: null });
