// The "out of 195" rule (DESIGN.md, Geodata; SPEC.md §5 and §9): which country codes count toward the
// 195, and toward which state a territory counts. This file is the one place the rule is written down.
//
// - The 195 are the 193 member states of the United Nations plus its two observer states, the Holy See (VA)
//   and Palestine (PS).
// - A territory keeps its own code, name and flag wherever it is shown (a pin in Hong Kong says HK), but in
//   the 195 figure it counts toward its sovereign state (HK counts as CN).
// - Some areas count toward no state. They are still shown with their own code, name and flag:
//     AQ Antarctica: no state's territory (Antarctic Treaty).
//     TW Taiwan: neither a UN member nor an observer, and claimed by China (CN). Counting it as China would
//        take a side the figure has no business taking; counting it as its own country would make a 196th.
//        So a visit shows as Taiwan with its flag and adds nothing to the 195.
//     XK Kosovo: same reasoning. Not a UN member or observer (recognised by about half of the members) and
//        claimed by Serbia (RS).
//     EH Western Sahara: a UN Non-Self-Governing Territory whose sovereignty is disputed between Morocco (MA)
//        and the Sahrawi Republic, which is not in the 195. Same treatment as Taiwan and Kosovo.
// - Only 2-letter codes count (SPEC.md §5); XX ("Unknown", the geocoding fallback of §8) never counts.

/** The denominator of 'World Explorer Progress' (SPEC.md §9). */
export const TOTAL_COUNTRIES = 195;

/** The code the geocoder gives when it cannot tell the country (SPEC.md §8). */
export const UNKNOWN_COUNTRY_CODE = 'XX';

/** The 193 member states of the United Nations, by ISO 3166-1 alpha-2 code. */
export const UN_MEMBER_STATES = [
  'AF', // Afghanistan
  'AL', // Albania
  'DZ', // Algeria
  'AD', // Andorra
  'AO', // Angola
  'AG', // Antigua and Barbuda
  'AR', // Argentina
  'AM', // Armenia
  'AU', // Australia
  'AT', // Austria
  'AZ', // Azerbaijan
  'BS', // Bahamas
  'BH', // Bahrain
  'BD', // Bangladesh
  'BB', // Barbados
  'BY', // Belarus
  'BE', // Belgium
  'BZ', // Belize
  'BJ', // Benin
  'BT', // Bhutan
  'BO', // Bolivia
  'BA', // Bosnia and Herzegovina
  'BW', // Botswana
  'BR', // Brazil
  'BN', // Brunei
  'BG', // Bulgaria
  'BF', // Burkina Faso
  'BI', // Burundi
  'CV', // Cabo Verde
  'KH', // Cambodia
  'CM', // Cameroon
  'CA', // Canada
  'CF', // Central African Republic
  'TD', // Chad
  'CL', // Chile
  'CN', // China
  'CO', // Colombia
  'KM', // Comoros
  'CG', // Congo
  'CR', // Costa Rica
  'CI', // Côte d'Ivoire
  'HR', // Croatia
  'CU', // Cuba
  'CY', // Cyprus
  'CZ', // Czechia
  'KP', // Democratic People's Republic of Korea
  'CD', // Democratic Republic of the Congo
  'DK', // Denmark
  'DJ', // Djibouti
  'DM', // Dominica
  'DO', // Dominican Republic
  'EC', // Ecuador
  'EG', // Egypt
  'SV', // El Salvador
  'GQ', // Equatorial Guinea
  'ER', // Eritrea
  'EE', // Estonia
  'SZ', // Eswatini
  'ET', // Ethiopia
  'FJ', // Fiji
  'FI', // Finland
  'FR', // France
  'GA', // Gabon
  'GM', // Gambia
  'GE', // Georgia
  'DE', // Germany
  'GH', // Ghana
  'GR', // Greece
  'GD', // Grenada
  'GT', // Guatemala
  'GN', // Guinea
  'GW', // Guinea-Bissau
  'GY', // Guyana
  'HT', // Haiti
  'HN', // Honduras
  'HU', // Hungary
  'IS', // Iceland
  'IN', // India
  'ID', // Indonesia
  'IR', // Iran
  'IQ', // Iraq
  'IE', // Ireland
  'IL', // Israel
  'IT', // Italy
  'JM', // Jamaica
  'JP', // Japan
  'JO', // Jordan
  'KZ', // Kazakhstan
  'KE', // Kenya
  'KI', // Kiribati
  'KW', // Kuwait
  'KG', // Kyrgyzstan
  'LA', // Laos
  'LV', // Latvia
  'LB', // Lebanon
  'LS', // Lesotho
  'LR', // Liberia
  'LY', // Libya
  'LI', // Liechtenstein
  'LT', // Lithuania
  'LU', // Luxembourg
  'MG', // Madagascar
  'MW', // Malawi
  'MY', // Malaysia
  'MV', // Maldives
  'ML', // Mali
  'MT', // Malta
  'MH', // Marshall Islands
  'MR', // Mauritania
  'MU', // Mauritius
  'MX', // Mexico
  'FM', // Micronesia
  'MC', // Monaco
  'MN', // Mongolia
  'ME', // Montenegro
  'MA', // Morocco
  'MZ', // Mozambique
  'MM', // Myanmar
  'NA', // Namibia
  'NR', // Nauru
  'NP', // Nepal
  'NL', // Netherlands (the Kingdom)
  'NZ', // New Zealand
  'NI', // Nicaragua
  'NE', // Niger
  'NG', // Nigeria
  'MK', // North Macedonia
  'NO', // Norway
  'OM', // Oman
  'PK', // Pakistan
  'PW', // Palau
  'PA', // Panama
  'PG', // Papua New Guinea
  'PY', // Paraguay
  'PE', // Peru
  'PH', // Philippines
  'PL', // Poland
  'PT', // Portugal
  'QA', // Qatar
  'KR', // Republic of Korea
  'MD', // Republic of Moldova
  'RO', // Romania
  'RU', // Russian Federation
  'RW', // Rwanda
  'KN', // Saint Kitts and Nevis
  'LC', // Saint Lucia
  'VC', // Saint Vincent and the Grenadines
  'WS', // Samoa
  'SM', // San Marino
  'ST', // Sao Tome and Principe
  'SA', // Saudi Arabia
  'SN', // Senegal
  'RS', // Serbia
  'SC', // Seychelles
  'SL', // Sierra Leone
  'SG', // Singapore
  'SK', // Slovakia
  'SI', // Slovenia
  'SB', // Solomon Islands
  'SO', // Somalia
  'ZA', // South Africa
  'SS', // South Sudan
  'ES', // Spain
  'LK', // Sri Lanka
  'SD', // Sudan
  'SR', // Suriname
  'SE', // Sweden
  'CH', // Switzerland
  'SY', // Syria
  'TJ', // Tajikistan
  'TH', // Thailand
  'TL', // Timor-Leste
  'TG', // Togo
  'TO', // Tonga
  'TT', // Trinidad and Tobago
  'TN', // Tunisia
  'TR', // Türkiye
  'TM', // Turkmenistan
  'TV', // Tuvalu
  'UG', // Uganda
  'UA', // Ukraine
  'AE', // United Arab Emirates
  'GB', // United Kingdom
  'TZ', // United Republic of Tanzania
  'US', // United States of America
  'UY', // Uruguay
  'UZ', // Uzbekistan
  'VU', // Vanuatu
  'VE', // Venezuela
  'VN', // Viet Nam
  'YE', // Yemen
  'ZM', // Zambia
  'ZW', // Zimbabwe
] as const;

/** The two non-member observer states of the United Nations. */
export const UN_OBSERVER_STATES = [
  'VA', // Holy See (Vatican City)
  'PS', // Palestine
] as const;

/** The 195 states that the 'out of 195' figure counts. */
export const COUNTED_STATES: readonly string[] = [...UN_MEMBER_STATES, ...UN_OBSERVER_STATES];

/**
 * Territories with their own ISO 3166-1 code, and the state each counts toward. Self-governing states in
 * free association that are not UN members (Cook Islands, Niue) count toward New Zealand, with which they
 * share citizenship and whose realm they belong to.
 */
export const TERRITORY_SOVEREIGN: Readonly<Record<string, string>> = {
  // China
  HK: 'CN', // Hong Kong
  MO: 'CN', // Macau
  // United States
  AS: 'US', // American Samoa
  GU: 'US', // Guam
  MP: 'US', // Northern Mariana Islands
  PR: 'US', // Puerto Rico
  UM: 'US', // United States Minor Outlying Islands
  VI: 'US', // United States Virgin Islands
  // Denmark (the Kingdom)
  FO: 'DK', // Faroe Islands
  GL: 'DK', // Greenland
  // United Kingdom: overseas territories and Crown Dependencies
  AI: 'GB', // Anguilla
  BM: 'GB', // Bermuda
  FK: 'GB', // Falkland Islands
  GG: 'GB', // Guernsey
  GI: 'GB', // Gibraltar
  GS: 'GB', // South Georgia and the South Sandwich Islands
  IM: 'GB', // Isle of Man
  IO: 'GB', // British Indian Ocean Territory (its transfer to Mauritius was agreed in 2025, not yet in force)
  JE: 'GB', // Jersey
  KY: 'GB', // Cayman Islands
  MS: 'GB', // Montserrat
  PN: 'GB', // Pitcairn Islands
  SH: 'GB', // Saint Helena, Ascension and Tristan da Cunha
  TC: 'GB', // Turks and Caicos Islands
  VG: 'GB', // British Virgin Islands
  // France: overseas departments, collectivities and territories
  BL: 'FR', // Saint Barthélemy
  GF: 'FR', // French Guiana
  GP: 'FR', // Guadeloupe
  MF: 'FR', // Saint Martin
  MQ: 'FR', // Martinique
  NC: 'FR', // New Caledonia
  PF: 'FR', // French Polynesia
  PM: 'FR', // Saint Pierre and Miquelon
  RE: 'FR', // Réunion
  TF: 'FR', // French Southern and Antarctic Lands
  WF: 'FR', // Wallis and Futuna
  YT: 'FR', // Mayotte
  // Netherlands (the Kingdom)
  AW: 'NL', // Aruba
  BQ: 'NL', // Bonaire, Sint Eustatius and Saba
  CW: 'NL', // Curaçao
  SX: 'NL', // Sint Maarten
  // Finland
  AX: 'FI', // Åland Islands
  // Norway
  BV: 'NO', // Bouvet Island
  SJ: 'NO', // Svalbard and Jan Mayen
  // Australia
  CC: 'AU', // Cocos (Keeling) Islands
  CX: 'AU', // Christmas Island
  HM: 'AU', // Heard Island and McDonald Islands
  NF: 'AU', // Norfolk Island
  // New Zealand (the Realm)
  CK: 'NZ', // Cook Islands
  NU: 'NZ', // Niue
  TK: 'NZ', // Tokelau
};

/** Areas with their own code that count toward no state (see the reasons at the top of this file). */
export const UNCOUNTED_AREAS: Readonly<Record<string, string>> = {
  AQ: 'Antarctica: no state’s territory under the Antarctic Treaty',
  EH: 'Western Sahara: sovereignty disputed between Morocco and the Sahrawi Republic, which is not in the 195',
  TW: 'Taiwan: neither a UN member nor an observer; counting it toward China would take a side',
  XK: 'Kosovo: neither a UN member nor an observer; counting it toward Serbia would take a side',
};

const COUNTED = new Set(COUNTED_STATES);

/**
 * The state a country code counts toward in the 195 figure: the code itself for one of the 195, the
 * sovereign state for a territory (HK → CN), null for anything else (XX, unknown codes, codes that are not
 * 2 letters, and the areas of UNCOUNTED_AREAS). Case-insensitive; surrounding spaces are ignored.
 */
export function countedCountry(code: string | null | undefined): string | null {
  if (typeof code !== 'string') return null;
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  if (COUNTED.has(upper)) return upper;
  return TERRITORY_SOVEREIGN[upper] ?? null;
}

/** The distinct states of the 195 that a list of visited country codes reaches (pins' countryCode). */
export function countedStates(codes: Iterable<string | null | undefined>): Set<string> {
  const states = new Set<string>();
  for (const code of codes) {
    const state = countedCountry(code);
    if (state) states.add(state);
  }
  return states;
}

/** How many of the 195 a list of visited country codes reaches: Hong Kong and China together count 1. */
export function countVisitedCountries(codes: Iterable<string | null | undefined>): number {
  return countedStates(codes).size;
}

/** 'World Explorer Progress' in percent, capped at 100 (SPEC.md §9). */
export function worldProgressPercent(visitedCountries: number): number {
  if (!Number.isFinite(visitedCountries) || visitedCountries <= 0) return 0;
  return Math.min(100, (visitedCountries / TOTAL_COUNTRIES) * 100);
}
