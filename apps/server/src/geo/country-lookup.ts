// The country of a point, from border polygons (country-coder), at the level of territories: a point in
// Hong Kong is HK, in Puerto Rico PR, in Greenland GL. Where country-coder's answer is not the one we
// show, it is corrected here (and only here):
//   - Ceuta and Melilla: country-coder says EA, an ISO "exceptionally reserved" code; ISO 3166-1 and GeoNames
//     code them ES.
//   - Crimea: country-coder follows the situation on the ground (RU); we follow the UN General Assembly
//     (resolution 68/262) and GeoNames, which code it UA.
//   - Northern Cyprus: country-coder has no code for it; UN and GeoNames: CY.
//   - Western Sahara: country-coder puts the part west of the berm in MA; ISO 3166-1 and GeoNames code the
//     whole territory EH. Morocco proper lies entirely north of 27°40′N, the Morocco–Western Sahara line, so
//     a MA answer south of it is EH.
//
// Speed: point-in-polygon on detailed borders costs several microseconds. At load, every polygon edge is
// drawn onto a grid of 1/8° cells; a cell no edge touches lies wholly inside one polygon (or none), and so
// does every cell it connects to without crossing a touched cell. Each such region of untouched cells
// is labelled with one lookup, after which a point in it costs an array read. Points in touched cells
// (near borders and coasts) ask country-coder.
import type * as CountryCoder from '@rapideditor/country-coder';
import type { Steps } from './key-index.js';

export type CountryCoderLibrary = typeof CountryCoder;

const CELLS_PER_DEGREE = 8;
const WIDTH = 360 * CELLS_PER_DEGREE;
const HEIGHT = 180 * CELLS_PER_DEGREE;
const UNSET = 0;
const TOUCHED = 0xffff;
/** Morocco–Western Sahara line, 27°40′N. */
const WESTERN_SAHARA_NORTH = 27 + 40 / 60;
const CRIMEA = 'Q7835';
const NORTHERN_CYPRUS = 'Q23681';
const TERRITORY_LEVEL = { level: 'territory' } as const;

type Box = { minLng: number; maxLng: number; minLat: number; maxLat: number };
const inBox = (box: Box, lng: number, lat: number) =>
  lng >= box.minLng && lng <= box.maxLng && lat >= box.minLat && lat <= box.maxLat;

/** The bounding box of a country-coder feature's polygons (empty when it has none). */
function featureBox(coder: CountryCoderLibrary, wikidata: string): Box {
  const box = { minLng: Infinity, maxLng: -Infinity, minLat: Infinity, maxLat: -Infinity };
  const feature = (coder.borders.features as { properties: { wikidata?: string }; geometry: unknown }[]).find(
    (candidate) => candidate.properties.wikidata === wikidata,
  );
  const geometry = feature?.geometry as { coordinates: number[][][][] } | null | undefined;
  for (const polygon of geometry?.coordinates ?? []) {
    for (const ring of polygon) {
      for (const [lng, lat] of ring as [number, number][]) {
        box.minLng = Math.min(box.minLng, lng);
        box.maxLng = Math.max(box.maxLng, lng);
        box.minLat = Math.min(box.minLat, lat);
        box.maxLat = Math.max(box.maxLat, lat);
      }
    }
  }
  return box;
}

export class CountryLookup {
  /** Grid cell → TOUCHED, or 1 + index into codes (codes[0] is null: no country). */
  private readonly grid = new Uint16Array(WIDTH * HEIGHT);
  private readonly codes: (string | null)[] = [null];
  private readonly codeIndex = new Map<string | null, number>([[null, 0]]);

  private readonly crimea: Box;
  private readonly northernCyprus: Box;

  constructor(private readonly coder: CountryCoderLibrary) {
    this.crimea = featureBox(coder, CRIMEA);
    this.northernCyprus = featureBox(coder, NORTHERN_CYPRUS);
  }

  /** The code country-coder's polygons give, with the corrections above that depend on the polygon only. */
  private polygonCountry(lng: number, lat: number): string | null {
    const loc: [number, number] = [lng, lat];
    const code = this.coder.iso1A2Code(loc, { ...TERRITORY_LEVEL });
    if (code === 'EA') return 'ES';
    if (code === 'RU' && inBox(this.crimea, lng, lat) && this.within(loc, CRIMEA)) return 'UA';
    if (code === null && inBox(this.northernCyprus, lng, lat) && this.within(loc, NORTHERN_CYPRUS))
      return 'CY';
    return code;
  }

  private within(loc: [number, number], wikidata: string): boolean {
    return this.coder.featuresContaining(loc).some((feature) => feature.properties.wikidata === wikidata);
  }

  /** The country code at a point (territories have their own), or null at sea and in no-man's-land. */
  countryAt(lat: number, lng: number): string | null {
    const cell = this.grid[cellOf(lng, lat)]!;
    const code = cell === TOUCHED || cell === UNSET ? this.polygonCountry(lng, lat) : this.codes[cell - 1]!;
    if (code === 'MA' && lat < WESTERN_SAHARA_NORTH) return 'EH';
    return code;
  }

  /** The same answer without the grid (the accuracy baseline for tests and benchmarks). */
  countryAtUncached(lat: number, lng: number): string | null {
    const code = this.polygonCountry(lng, lat);
    if (code === 'MA' && lat < WESTERN_SAHARA_NORTH) return 'EH';
    return code;
  }

  /** Share of grid cells answered without country-coder (diagnostics). */
  get gridCoverage(): number {
    let labelled = 0;
    for (const cell of this.grid) if (cell !== TOUCHED && cell !== UNSET) labelled += 1;
    return labelled / this.grid.length;
  }

  /** Draws the polygon edges onto the grid and labels the untouched regions; pauses now and then. */
  *buildGrid(): Steps<void> {
    const grid = this.grid;
    const epsilon = 1e-7;
    const step = 1 / CELLS_PER_DEGREE;
    for (const feature of this.coder.borders.features) {
      const geometry = feature.geometry as { type: string; coordinates: number[][][][] } | null;
      if (!geometry || geometry.type !== 'MultiPolygon') continue;
      for (const polygon of geometry.coordinates) {
        for (const ring of polygon) {
          for (let v = 1; v < ring.length; v += 1) {
            const [x0, y0] = ring[v - 1] as [number, number];
            const [x1, y1] = ring[v] as [number, number];
            // Pieces no longer than one cell: each piece's box (widened by epsilon, so an edge running
            // along a cell boundary marks the cells on both sides) holds every cell the piece crosses.
            const pieces = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)) / step));
            for (let p = 0; p < pieces; p += 1) {
              const ax = x0 + ((x1 - x0) * p) / pieces;
              const ay = y0 + ((y1 - y0) * p) / pieces;
              const bx = x0 + ((x1 - x0) * (p + 1)) / pieces;
              const by = y0 + ((y1 - y0) * (p + 1)) / pieces;
              const colFrom = column(Math.min(ax, bx) - epsilon);
              const colTo = column(Math.max(ax, bx) + epsilon);
              const rowFrom = row(Math.min(ay, by) - epsilon);
              const rowTo = row(Math.max(ay, by) + epsilon);
              for (let r = rowFrom; r <= rowTo; r += 1) {
                for (let c = colFrom; c <= colTo; c += 1) grid[r * WIDTH + c] = TOUCHED;
              }
            }
          }
        }
      }
      yield;
    }

    // Label each 4-connected region of untouched cells with the country at one of its cells (scanline fill).
    const stack: number[] = [];
    let filled = 0;
    for (let start = 0; start < grid.length; start += 1) {
      if (grid[start] !== UNSET) continue;
      const startRow = Math.floor(start / WIDTH);
      const startCol = start - startRow * WIDTH;
      const code = this.polygonCountry(
        -180 + (startCol + 0.5) / CELLS_PER_DEGREE,
        -90 + (startRow + 0.5) / CELLS_PER_DEGREE,
      );
      let index = this.codeIndex.get(code);
      if (index === undefined) {
        index = this.codes.length;
        this.codes.push(code);
        this.codeIndex.set(code, index);
      }
      const value = index + 1;
      stack.push(start);
      while (stack.length > 0) {
        const seed = stack.pop()!;
        if (grid[seed] !== UNSET) continue;
        const r = Math.floor(seed / WIDTH);
        const rowStart = r * WIDTH;
        let left = seed;
        while (left > rowStart && grid[left - 1] === UNSET) left -= 1;
        let right = seed;
        while (right < rowStart + WIDTH - 1 && grid[right + 1] === UNSET) right += 1;
        for (let i = left; i <= right; i += 1) grid[i] = value;
        filled += right - left + 1;
        if (filled > 250_000) {
          filled = 0;
          yield;
        }
        for (const neighbourRow of [r - 1, r + 1]) {
          if (neighbourRow < 0 || neighbourRow >= HEIGHT) continue;
          const offset = (neighbourRow - r) * WIDTH;
          let inRun = false;
          for (let i = left; i <= right; i += 1) {
            const free = grid[i + offset] === UNSET;
            if (free && !inRun) stack.push(i + offset);
            inRun = free;
          }
        }
      }
    }
  }
}

function column(lng: number): number {
  return Math.min(WIDTH - 1, Math.max(0, Math.floor((lng + 180) * CELLS_PER_DEGREE)));
}
function row(lat: number): number {
  return Math.min(HEIGHT - 1, Math.max(0, Math.floor((lat + 90) * CELLS_PER_DEGREE)));
}
function cellOf(lng: number, lat: number): number {
  return row(lat) * WIDTH + column(lng);
}
