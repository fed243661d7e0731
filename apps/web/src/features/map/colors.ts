// The offline basemap's colours and the strength of the visited fill, also read by the browser tests that
// check what the map draws.
export const MAP_COLORS = {
  ocean: '#d3e8f1',
  land: '#f3f0e8',
  border: '#b9b3a6',
  visited: '#16a34a',
  countryLabel: '#475569',
  placeLabel: '#1e293b',
  labelHalo: '#ffffff',
  /** Around the globe at world zooms. */
  space: '#0f2236',
} as const;

/**
 * The visited-country fill's opacity (decision 083): green at 0.55 over the land stands 1.79:1 against the
 * plain land (0.3 gave 1.37:1, hard to tell at a glance), the strongest that still leaves town names 7:1 on
 * it without their halo.
 */
export const VISITED_OPACITY = 0.55;
