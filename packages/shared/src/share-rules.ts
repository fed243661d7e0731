// Sharing rules the server enforces and the web app shows (issue 27: a travel page to share): what a
// page may show, how exactly it places a pin, its limits and its texts. Free of zod so the browser can
// import it without the schema library.

/** The parts of the travel page a traveller chooses among; all on once sharing is turned on. */
export const SHARE_SECTIONS = ['map', 'stats', 'timeline', 'avatar', 'photos'] as const;
export type ShareSection = (typeof SHARE_SECTIONS)[number];

export const SHARE_SECTION_LABELS: Readonly<Record<ShareSection, string>> = {
  map: 'World map with your pins',
  stats: 'Countries, cities and continents',
  timeline: 'Timeline by year',
  avatar: 'Your avatar',
  photos: 'Photos of the places you share them from',
};

export const SHARE_LIMITS = {
  /** Random bytes of a page's token: 128 bits, 22 characters of base64url. */
  tokenBytes: 16,
  /**
   * Decimal places a shared pin keeps: 0.01° is at most 1.1 km north to south and less east to west, so
   * a shared pin says the neighbourhood, never the house.
   */
  pinDecimals: 2,
  /** Countries a traveller may hide from the page: every code there is. */
  hiddenCountriesMax: 300,
  /** Photos the page shows at most for one place, and in all. */
  photosPerPlace: 12,
  photosTotal: 2000,
} as const;

/** The token in a page's address: /t/{token}. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const SHARE_PATH_PREFIX = '/t/';

/** A pin's position as the travel page shows it: rounded to SHARE_LIMITS.pinDecimals. */
export function sharedPosition(lat: number, lng: number): { lat: number; lng: number } {
  const scale = 10 ** SHARE_LIMITS.pinDecimals;
  const round = (value: number) => Math.round(value * scale) / scale;
  // -0 would be written "-0" by some serialisers and tell a value below zero.
  return { lat: round(lat) + 0, lng: round(lng) + 0 };
}

export const SHARE_MESSAGES = {
  hiddenCountry: 'Each hidden country is a two-letter country code.',
  tooManyHidden: `At most ${SHARE_LIMITS.hiddenCountriesMax} countries can be hidden.`,
  notEnabled: 'Turn on your travel page first.',
  pageGone: 'This travel page does not exist or is no longer shared.',
  privacy:
    'Your page shows places rounded to about 1 km and photos without their location or camera details. Your e-mail address is never shown.',
} as const;
