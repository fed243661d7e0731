// From raw points to stays, the one rule for it (decision 100): a traveller stayed somewhere when their
// points stay within 200 m of where the run of them started, averaged as it grows, for at least 20
// minutes. A flight, a drive or a walk through a place leaves no stay, so it adds no place and no
// country. Points are taken in the order the file gives them, which every format read writes in time
// order; a point earlier than the one before it ends the run it would have joined.
import { distanceKm } from '@waymarks/shared';
import type { ImportSink, Stay, TimedPoint } from './points.js';

export const STAY_RULE = {
  /** How far from the run's centre a point may be and still belong to it. */
  radiusMeters: 200,
  /** How long a run must last to be a stay. */
  minMinutes: 20,
} as const;

const RADIUS_KM = STAY_RULE.radiusMeters / 1000;
const MIN_MS = STAY_RULE.minMinutes * 60_000;

/**
 * A sink that turns the points handed to it into stays, and passes stays read as such (a visit, a step)
 * straight on. Only the stays go further: the points themselves are never kept. Call end() after the
 * last item, for the run still open.
 */
export class StayFinder implements ImportSink {
  // The open run: the sums of its points' coordinates (for its centre), their count, its first and last time.
  #latSum = 0;
  #lngSum = 0;
  #count = 0;
  #start = 0;
  #last = 0;

  constructor(private readonly onStay: (stay: Stay) => void) {}

  stay(stay: Stay): void {
    this.onStay(stay);
  }

  point(point: TimedPoint): void {
    if (this.#count > 0) {
      const centre = { lat: this.#latSum / this.#count, lng: this.#lngSum / this.#count };
      if (point.at >= this.#last && distanceKm(centre, point) <= RADIUS_KM) {
        this.#latSum += point.lat;
        this.#lngSum += point.lng;
        this.#count += 1;
        this.#last = point.at;
        return;
      }
      this.#close();
    }
    this.#latSum = point.lat;
    this.#lngSum = point.lng;
    this.#count = 1;
    this.#start = point.at;
    this.#last = point.at;
  }

  end(): void {
    if (this.#count > 0) this.#close();
    this.#count = 0;
  }

  #close(): void {
    if (this.#last - this.#start >= MIN_MS) {
      this.onStay({
        lat: this.#latSum / this.#count,
        lng: this.#lngSum / this.#count,
        start: this.#start,
        end: this.#last,
        source: 'visit',
      });
    }
  }
}
