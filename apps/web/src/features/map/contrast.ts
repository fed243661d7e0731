// WCAG contrast between two colours, and a colour drawn translucent over another: how the visited fill's
// strength was chosen and how its tests hold it (decision 083).

export type Rgb = readonly [number, number, number];

/** '#rrggbb' as red, green and blue from 0 to 255. */
export function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `top` drawn at `opacity` over `bottom`, as a fill layer is drawn over the land. */
export function drawnOver(bottom: Rgb, top: Rgb, opacity: number): Rgb {
  return [0, 1, 2].map((index) => bottom[index]! * (1 - opacity) + top[index]! * opacity) as unknown as Rgb;
}

/** WCAG 2 relative luminance. */
function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2 contrast ratio, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
