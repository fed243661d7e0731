// The town a point belongs to: among the populated places of one country within a radius, the one whose
// reach the point is deepest inside, else the one whose reach it is nearest to. A place's reach grows with
// population (a city of 2 million reaches ~9 km; anything under ~28,000 people 1 km), so a point 4 km from
// the centre of Paris is Paris, not the suburb 3 km away, while in the countryside the nearest village
// wins over a city 40 km off. Searched on a kdbush k-d tree with branch and bound: each tree node knows
// the largest reach below it, so far-away nodes and nodes of small places are skipped.
//
//   score = distance / reach - 1   (between -1 and 0) when the point is within reach
//         = distance - reach       (km, above 0)       otherwise;   lowest wins
//
// Distances use a local equirectangular projection at the query's latitude, within 0.1% of the
// great-circle distance over the 50 km radius (node boxes are bounded in the same metric, so the pruning
// is exact). Longitudes wrap at ±180.
import type KDBush from 'kdbush';

export const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

/** How far a place's pull reaches, in km: 0.006 × √population, at least 1 km. */
export function reachKm(population: number): number {
  return Math.max(1, 0.006 * Math.sqrt(Math.max(0, population)));
}

/**
 * Lower is better (see the top of this file). Grows with distance and falls with reach, so for a tree node
 * the score at its nearest possible distance and largest reach bounds every place below it.
 */
export function placeScore(distanceKm: number, reach: number): number {
  return distanceKm <= reach ? distanceKm / reach - 1 : distanceKm - reach;
}

interface LocatorPlaces {
  /** The k-d tree over the candidate places; item i is place itemPlace[i]. */
  index: KDBush;
  itemPlace: Uint32Array;
  /** Per place (not per item). */
  country: Uint16Array;
  reach: Float32Array;
}

export class PlaceLocator {
  private readonly ids: Uint16Array | Uint32Array;
  private readonly coords: Float64Array;
  private readonly nodeSize: number;
  /** Largest reach in each implicit tree node, numbered like a heap (root 1, children 2n and 2n + 1). */
  private readonly nodeReach: Float32Array;

  // The query in progress (kept in fields so the recursion passes only numbers).
  private qLng = 0;
  private qLat = 0;
  private qCos = 1;
  private qCountry = 0;
  private qMaxDeg = 0;
  private bestPlace = -1;
  private bestScore = Infinity;

  constructor(private readonly places: LocatorPlaces) {
    const { index } = places;
    this.ids = index.ids;
    this.coords = index.coords as Float64Array;
    this.nodeSize = index.nodeSize;
    let depth = 0;
    for (let span = index.numItems; span > this.nodeSize; span = Math.ceil(span / 2)) depth += 1;
    this.nodeReach = new Float32Array(2 << (depth + 1));
    if (index.numItems > 0) this.fillReach(1, 0, index.numItems - 1);
  }

  private fillReach(node: number, left: number, right: number): number {
    let reach = 0;
    if (right - left <= this.nodeSize) {
      for (let i = left; i <= right; i += 1) {
        reach = Math.max(reach, this.places.reach[this.places.itemPlace[this.ids[i]!]!]!);
      }
    } else {
      const middle = (left + right) >> 1;
      reach = Math.max(
        this.places.reach[this.places.itemPlace[this.ids[middle]!]!]!,
        this.fillReach(2 * node, left, middle - 1),
        this.fillReach(2 * node + 1, middle + 1, right),
      );
    }
    this.nodeReach[node] = reach;
    return reach;
  }

  /** The k-d tree of towns (benchmarks compare a plain nearest-neighbour lookup on it). */
  get index(): KDBush {
    return this.places.index;
  }

  /** The place of item i of the tree. */
  placeOfItem(item: number): number {
    return this.places.itemPlace[item]!;
  }

  /** The place of `country` that the point belongs to, within maxKm of it; -1 when none. */
  locate(lat: number, lng: number, country: number, maxKm: number): number {
    if (this.places.index.numItems === 0) return -1;
    this.qLng = lng;
    this.qLat = lat;
    this.qCos = Math.max(Math.cos((lat * Math.PI) / 180), 1e-6);
    this.qCountry = country;
    this.qMaxDeg = maxKm / KM_PER_DEGREE;
    this.bestPlace = -1;
    this.bestScore = Infinity;
    this.search(1, 0, this.places.index.numItems - 1, 0, -180, -90, 180, 90);
    return this.bestPlace;
  }

  /** Distance in degrees of latitude (the projection's unit) from the query to a point. */
  private distanceDeg(lng: number, lat: number): number {
    let dLng = Math.abs(lng - this.qLng);
    if (dLng > 180) dLng = 360 - dLng;
    const x = dLng * this.qCos;
    const y = lat - this.qLat;
    return Math.sqrt(x * x + y * y);
  }

  /** Lower bound, in the same unit, of the distance from the query to any point of the box. */
  private boxDistanceDeg(minLng: number, minLat: number, maxLng: number, maxLat: number): number {
    const lng = this.qLng;
    let dLng = 0;
    if (lng < minLng || lng > maxLng) {
      // Outside the box's longitudes: the nearer edge, going either way round the globe.
      const toMin = Math.abs(lng - minLng);
      const toMax = Math.abs(lng - maxLng);
      dLng = Math.min(toMin, 360 - toMin, toMax, 360 - toMax);
    }
    const dLat = this.qLat < minLat ? minLat - this.qLat : this.qLat > maxLat ? this.qLat - maxLat : 0;
    const x = dLng * this.qCos;
    return Math.sqrt(x * x + dLat * dLat);
  }

  private consider(i: number): void {
    const place = this.places.itemPlace[this.ids[i]!]!;
    if (this.places.country[place] !== this.qCountry) return;
    const distance = this.distanceDeg(this.coords[2 * i]!, this.coords[2 * i + 1]!);
    if (distance > this.qMaxDeg) return;
    const score = placeScore(distance * KM_PER_DEGREE, this.places.reach[place]!);
    if (score < this.bestScore) {
      this.bestScore = score;
      this.bestPlace = place;
    }
  }

  private search(
    node: number,
    left: number,
    right: number,
    axis: number,
    minLng: number,
    minLat: number,
    maxLng: number,
    maxLat: number,
  ): void {
    const bound = this.boxDistanceDeg(minLng, minLat, maxLng, maxLat);
    if (bound > this.qMaxDeg) return;
    if (placeScore(bound * KM_PER_DEGREE, this.nodeReach[node]!) >= this.bestScore) return;

    if (right - left <= this.nodeSize) {
      for (let i = left; i <= right; i += 1) this.consider(i);
      return;
    }
    const middle = (left + right) >> 1;
    this.consider(middle);
    const split = this.coords[2 * middle + axis]!;
    const next = 1 - axis;
    const goLeftFirst = (axis === 0 ? this.qLng : this.qLat) < split;
    for (let pass = 0; pass < 2; pass += 1) {
      if ((pass === 0) === goLeftFirst) {
        if (axis === 0) this.search(2 * node, left, middle - 1, next, minLng, minLat, split, maxLat);
        else this.search(2 * node, left, middle - 1, next, minLng, minLat, maxLng, split);
      } else if (axis === 0) {
        this.search(2 * node + 1, middle + 1, right, next, split, minLat, maxLng, maxLat);
      } else {
        this.search(2 * node + 1, middle + 1, right, next, minLng, split, maxLng, maxLat);
      }
    }
  }
}
