// Country names for the map's labels in the page's language. The basemap's own names are Natural
// Earth's English map names ('Bosnia and Herz.', 'Dem. Rep. Congo'), made to fit on a map; a page in
// another language gets the browser's names for the regions instead (Intl.DisplayNames, no data to load).

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Alpha-2 code to name in `language`, for every code the browser can name; empty for English, whose map
 * names the tiles already carry, and where the browser has no names at all.
 */
export function countryNamesIn(language: string): Record<string, string> {
  if (!language || /^en\b/i.test(language)) return {};
  let display: Intl.DisplayNames;
  try {
    display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    return {};
  }
  const names: Record<string, string> = {};
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = display.of(code);
      if (name) names[code] = name;
    }
  }
  return names;
}
