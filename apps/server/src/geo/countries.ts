// Country codes and names: every ISO 3166-1 code (plus XK, Kosovo) with an English display name and the
// names in the 78 languages of i18n-iso-countries (for search: 'Deutschland' finds Germany).
import type * as I18nCountries from 'i18n-iso-countries';

export type CountryNamesLibrary = typeof I18nCountries;

/**
 * i18n-iso-countries' English name is the ISO short name, which is sometimes the formal or inverted form
 * ('Korea, Republic of', 'Taiwan, Province of China'); these are the names people use.
 */
const DISPLAY_NAMES: Readonly<Record<string, string>> = {
  BN: 'Brunei',
  BQ: 'Caribbean Netherlands',
  CI: "Côte d'Ivoire",
  CN: 'China',
  CZ: 'Czechia',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  GM: 'Gambia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MF: 'Saint Martin',
  MK: 'North Macedonia',
  MO: 'Macau',
  PN: 'Pitcairn Islands',
  PS: 'Palestine',
  RE: 'Réunion',
  RU: 'Russia',
  SX: 'Sint Maarten',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Vatican City',
  VG: 'British Virgin Islands',
  VI: 'U.S. Virgin Islands',
};

interface CountryNames {
  /** Every code, upper case. */
  codes: string[];
  /** English display name by code. */
  name: Map<string, string>;
  /** Every other name by code, all languages, without repeats of the display name. */
  otherNames: Map<string, string[]>;
}

/** Builds the names, pausing every few languages (the loader runs it in slices). */
export function* countryNames(library: CountryNamesLibrary): Generator<void, CountryNames, void> {
  const english = library.getNames('en', { select: 'all' });
  const codes = Object.keys(library.getAlpha2Codes()).map((code) => code.toUpperCase());
  const name = new Map<string, string>();
  const others = new Map<string, Set<string>>();
  for (const code of codes) {
    const display = DISPLAY_NAMES[code] ?? english[code]?.[0] ?? code;
    name.set(code, display);
    others.set(code, new Set(english[code] ?? []));
  }
  for (const [i, language] of library.getSupportedLanguages().entries()) {
    if (language === 'en') continue;
    if (i % 8 === 7) yield;
    const names = library.getNames(language, { select: 'all' });
    for (const [code, list] of Object.entries(names)) {
      const set = others.get(code.toUpperCase());
      if (set) for (const entry of list) set.add(entry);
    }
  }
  const otherNames = new Map<string, string[]>();
  for (const [code, set] of others) {
    set.delete(name.get(code)!);
    otherNames.set(code, [...set]);
  }
  return { codes, name, otherNames };
}
