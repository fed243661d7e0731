// How each top and bottom is cut: where it ends and how far it stands off the body. The 3D parts and the
// flat preview both cut from these, so a parka is as long in one as in the other.
import { LEVELS } from './figure';
import type { PartShape } from './look';

export interface TopCut {
  /** Where the hem sits: down to the hips for most, the thighs for a parka, the knees for a coat. */
  hem: number;
  /** How far the cloth stands off the body: a parka is puffy. */
  grow: number;
  /** How far down the arm the sleeves reach, 1 being the wrist. */
  sleeve: number;
  /** Whether the sleeves end in a band of the trim colour. */
  cuffs: boolean;
}

export const TOP_CUTS: Readonly<Record<PartShape<'top'>, TopCut>> = {
  tshirt: { hem: 0.86, grow: 0.014, sleeve: 0.34, cuffs: false },
  hoodie: { hem: 0.84, grow: 0.02, sleeve: 1, cuffs: true },
  shirt: { hem: 0.86, grow: 0.016, sleeve: 0.58, cuffs: true },
  jacket: { hem: 0.82, grow: 0.024, sleeve: 1, cuffs: true },
  parka: { hem: 0.64, grow: 0.042, sleeve: 1, cuffs: true },
  coat: { hem: 0.46, grow: 0.022, sleeve: 1, cuffs: true },
};

/** Below the hips a long top hangs free of the legs, widening by this much per unit of length. */
export const SKIRT_FLARE = 0.22;

export interface BottomCut {
  /** Where the legs end: the ankle, or above the knee for shorts. */
  hem: number;
  /** How far the cloth stands off the leg at the thigh. */
  grow: number;
  /** The hem's width against the thigh's: wider for shorts, narrower for trousers. */
  taper: number;
}

export const BOTTOM_CUTS: Readonly<Record<PartShape<'bottom'>, BottomCut>> = {
  trousers: { hem: 0.1, grow: 0.014, taper: 0.86 },
  shorts: { hem: LEVELS.knee + 0.1, grow: 0.03, taper: 1.08 },
  cargo: { hem: 0.11, grow: 0.026, taper: 0.9 },
};

/** Where the seat of a bottom ends, below the hips. */
export const SEAT_BOTTOM = 0.78;
