// The cloth of the small flag an avatar holds: a few stripes and at most one emblem, enough to tell the
// common flags apart at a glance without a flag library. Other countries get a neutral cloth.

export interface FlagDesign {
  /** Top to bottom, or from the pole outwards. */
  stripes: readonly string[];
  direction: 'horizontal' | 'vertical';
  /** A disc in the middle (Japan's sun, India's wheel, Canada's leaf). */
  disc?: string;
  /** A cross over the cloth; a Nordic cross sits toward the pole. */
  cross?: { color: string; nordic: boolean };
  /** A rectangle in the upper corner at the pole (the United States, Greece). */
  canton?: string;
}

const across = (...stripes: string[]): FlagDesign => ({ stripes, direction: 'horizontal' });
const down = (...stripes: string[]): FlagDesign => ({ stripes, direction: 'vertical' });

export const FLAG_DESIGNS: Readonly<Record<string, FlagDesign>> = {
  AR: { ...across('#74acdf', '#ffffff', '#74acdf'), disc: '#f6b40e' },
  AT: across('#ed2939', '#ffffff', '#ed2939'),
  AU: { ...across('#012169'), canton: '#c8102e' },
  BD: { ...across('#006a4e'), disc: '#f42a41' },
  BE: down('#000000', '#fdda24', '#ef3340'),
  BG: across('#ffffff', '#00966e', '#d62612'),
  BR: { ...across('#009c3b'), disc: '#002776' },
  CA: { ...down('#d80621', '#ffffff', '#d80621'), disc: '#d80621' },
  CH: { ...across('#da291c'), cross: { color: '#ffffff', nordic: false } },
  CL: { ...across('#ffffff', '#d52b1e'), canton: '#0039a6' },
  CN: { ...across('#de2910'), canton: '#ffde00' },
  CO: across('#fcd116', '#003893', '#ce1126'),
  CZ: { ...across('#ffffff', '#d7141a'), canton: '#11457e' },
  DE: across('#000000', '#dd0000', '#ffce00'),
  DK: { ...across('#c8102e'), cross: { color: '#ffffff', nordic: true } },
  EE: across('#0072ce', '#000000', '#ffffff'),
  EG: across('#ce1126', '#ffffff', '#000000'),
  ES: across('#aa151b', '#f1bf00', '#aa151b'),
  FI: { ...across('#ffffff'), cross: { color: '#002f6c', nordic: true } },
  FR: down('#0055a4', '#ffffff', '#ef4135'),
  GB: { ...across('#012169'), cross: { color: '#c8102e', nordic: false } },
  GR: { ...across('#0d5eaf', '#ffffff', '#0d5eaf'), canton: '#0d5eaf' },
  HR: across('#ff0000', '#ffffff', '#171796'),
  HU: across('#ce2939', '#ffffff', '#477050'),
  ID: across('#ce1126', '#ffffff'),
  IE: down('#169b62', '#ffffff', '#ff883e'),
  IN: { ...across('#ff9933', '#ffffff', '#138808'), disc: '#000080' },
  IS: { ...across('#02529c'), cross: { color: '#dc1e35', nordic: true } },
  IT: down('#009246', '#ffffff', '#ce2b37'),
  JP: { ...across('#ffffff'), disc: '#bc002d' },
  KR: { ...across('#ffffff'), disc: '#cd2e3a' },
  LT: across('#fdb913', '#006a44', '#c1272d'),
  LU: across('#ed2939', '#ffffff', '#00a1de'),
  MA: { ...across('#c1272d'), disc: '#006233' },
  MX: down('#006847', '#ffffff', '#ce1126'),
  NG: down('#008751', '#ffffff', '#008751'),
  NL: across('#ae1c28', '#ffffff', '#21468b'),
  NO: { ...across('#ba0c2f'), cross: { color: '#00205b', nordic: true } },
  NZ: { ...across('#012169'), canton: '#c8102e' },
  PE: down('#d91023', '#ffffff', '#d91023'),
  PL: across('#ffffff', '#dc143c'),
  PT: { ...down('#006600', '#ff0000', '#ff0000'), disc: '#ffcc00' },
  RO: down('#002b7f', '#fcd116', '#ce1126'),
  RU: across('#ffffff', '#0039a6', '#d52b1e'),
  SE: { ...across('#006aa7'), cross: { color: '#fecc00', nordic: true } },
  TH: across('#a51931', '#f4f5f8', '#2d2a4a'),
  TR: { ...across('#e30a17'), disc: '#ffffff' },
  UA: across('#0057b7', '#ffd700'),
  US: { ...across('#b22234', '#ffffff', '#b22234'), canton: '#3c3b6e' },
};

/** The cloth of a country missing from the table: plain, so it claims no country's colours. */
export const NEUTRAL_FLAG: FlagDesign = across('#f3f4f6', '#cbd5e1');

export function flagDesign(countryCode: string): FlagDesign {
  return FLAG_DESIGNS[countryCode.toUpperCase()] ?? NEUTRAL_FLAG;
}

/** Width and height of the cloth, in scene units. */
export const FLAG_CLOTH = { width: 0.26, height: 0.17 } as const;

export interface ClothPiece {
  name: string;
  color: string;
  /** Left edge from the pole and top edge from the cloth's top, and the size, as fractions of the cloth. */
  x: number;
  y: number;
  width: number;
  height: number;
  round?: boolean;
}

/**
 * The cloth as rectangles (and one disc), in drawing order, as fractions of the cloth: the 3D flag and the
 * flat preview lay the same pieces out in their own units.
 */
export function clothPieces(design: FlagDesign): ClothPiece[] {
  const count = design.stripes.length;
  const pieces: ClothPiece[] = design.stripes.map((color, index) =>
    design.direction === 'horizontal'
      ? { name: `stripe-${index + 1}`, color, x: 0, y: index / count, width: 1, height: 1 / count }
      : { name: `stripe-${index + 1}`, color, x: index / count, y: 0, width: 1 / count, height: 1 },
  );
  if (design.canton) {
    pieces.push({ name: 'canton', color: design.canton, x: 0, y: 0, width: 0.4, height: 0.54 });
  }
  if (design.cross) {
    const { color, nordic } = design.cross;
    const bar = 0.2;
    const upright = nordic ? 0.3 : 0.5 - (bar * FLAG_CLOTH.height) / FLAG_CLOTH.width / 2;
    const uprightWidth = (bar * FLAG_CLOTH.height) / FLAG_CLOTH.width;
    pieces.push({ name: 'cross-bar', color, x: 0, y: 0.5 - bar / 2, width: 1, height: bar });
    pieces.push({ name: 'cross-upright', color, x: upright, y: 0, width: uprightWidth, height: 1 });
  }
  if (design.disc) {
    const height = 0.56;
    const width = (height * FLAG_CLOTH.height) / FLAG_CLOTH.width;
    pieces.push({
      name: 'disc',
      color: design.disc,
      x: 0.5 - width / 2,
      y: 0.5 - height / 2,
      width,
      height,
      round: true,
    });
  }
  return pieces;
}
