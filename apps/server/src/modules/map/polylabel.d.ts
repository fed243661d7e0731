// polylabel ships no types: the pole of inaccessibility of a polygon (rings of [x, y]), with its distance.
declare module 'polylabel' {
  export default function polylabel(
    polygon: number[][][],
    precision?: number,
    debug?: boolean,
  ): [number, number] & { distance: number };
}
