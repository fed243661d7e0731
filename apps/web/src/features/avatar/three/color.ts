// Tones of a part's colour (its trims, soles and bands), without three.js: the 3D model and the flat
// preview shade alike.

type Hsl = [h: number, s: number, l: number];

function toHsl(hex: string): Hsl {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map(
    (channel) => channel / 255,
  ) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function toHex([h, s, l]: Hsl): string {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const c = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

/** A lighter (positive) or darker (negative) tone of a hex colour, by lightness from 0 to 1. */
export function tone(hex: string, lightness: number): string {
  const [h, s, l] = toHsl(hex);
  return toHex([h, s, Math.min(1, Math.max(0, l + lightness))]);
}

/** The darker tone of a part's trims (cuffs, hems, pockets); milder on dark cloth, which would turn black. */
export function trimTone(hex: string): string {
  return tone(hex, toHsl(hex)[2] < 0.3 ? -0.05 : -0.1);
}
