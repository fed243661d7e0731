// The figure's proportions in scene units (metres, about 1.8 tall, standing on y = 0, facing +z), for
// each build. The 3D model and the flat preview both draw from these numbers, so they agree.
import type { PartShape } from './look';

export type BuildName = PartShape<'body'>;

export interface Build {
  /** Half the width across the shoulders. */
  shoulder: number;
  /** Half the width across the hips. */
  hip: number;
  /** Half the chest's depth, front to back. */
  depth: number;
  armRadius: number;
  legRadius: number;
}

export const BUILDS: Readonly<Record<BuildName, Build>> = {
  slim: { shoulder: 0.17, hip: 0.125, depth: 0.1, armRadius: 0.045, legRadius: 0.056 },
  regular: { shoulder: 0.2, hip: 0.14, depth: 0.115, armRadius: 0.052, legRadius: 0.063 },
  broad: { shoulder: 0.245, hip: 0.165, depth: 0.14, armRadius: 0.062, legRadius: 0.072 },
};

/** Heights of the landmarks clothes start and stop at. */
export const LEVELS = {
  ankle: 0.1,
  knee: 0.5,
  hip: 0.9,
  waist: 1.02,
  chest: 1.22,
  shoulder: 1.42,
  neck: 1.47,
} as const;

export const HEAD = {
  /** Centre of the head. */
  y: 1.63,
  radius: 0.145,
  /** The head is this much taller than wide. */
  stretch: 1.1,
  /** Height of the eyes and of the mouth. */
  eyes: 1.645,
  mouth: 1.572,
} as const;

export type Point = readonly [x: number, y: number, z: number];

/** 1 is the figure's left (+x, the viewer's right), -1 its right. */
export type Side = 1 | -1;
export const SIDES: readonly Side[] = [1, -1];

/** How much deeper than wide the torso's cross-section is, as a scale on z. */
export function depthScale(build: Build): number {
  return build.depth / build.shoulder;
}

/** Half the torso's width at a height between the hips and the shoulders. */
export function torsoHalfWidth(build: Build, y: number): number {
  const t = Math.min(1, Math.max(0, (y - LEVELS.hip) / (LEVELS.shoulder - LEVELS.hip)));
  return build.hip + (build.shoulder - build.hip) * t;
}

export function legX(build: Build): number {
  return build.hip * 0.52;
}

function shoulderJoint(build: Build, side: Side): Point {
  return [side * (build.shoulder - build.armRadius * 0.2), 1.37, 0];
}

function wrist(build: Build, side: Side): Point {
  return [side * (build.shoulder + 0.045), 0.9, 0.02];
}

/** A point down the arm: 0 at the shoulder joint, 1 at the wrist, beyond 1 into the hand. */
export function armPoint(build: Build, side: Side, t: number): Point {
  const from = shoulderJoint(build, side);
  const to = wrist(build, side);
  return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t];
}

/** Where the hand holds things (the flag's pole, the passport). */
export function handPoint(build: Build, side: Side): Point {
  return armPoint(build, side, 1.12);
}

/** The eight-sided torso's flat front at a height, `grow` out for clothes worn over it. */
export function frontZ(build: Build, y: number, grow = 0): number {
  return (torsoHalfWidth(build, y) + grow) * depthScale(build) * Math.cos(Math.PI / 8);
}
