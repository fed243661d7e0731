// The offline basemap's colors, also read by the browser tests that check what the map draws.
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
