// Drawing in scene units (y up, as the 3D model) on SVG's canvas (y down): the shapes the flat preview
// is made of.
import type { ReactNode } from 'react';
import { SKIRT_FLARE } from '../cuts';
import { type Build, HEAD, LEVELS, type Point, torsoHalfWidth } from '../figure';

/** A height in scene units as SVG's downward y. */
export const Y = (y: number) => -y;
/** The head's radii across and up. */
export const R = HEAD.radius;
export const RY = HEAD.radius * HEAD.stretch;
/** 4:5 like the viewer's sizes, wide enough for the flag on one side and the drone on the other. */
export const VIEW_BOX = '-0.8 -2 1.6 2';

export function points(...list: [number, number][]): string {
  return list.map(([x, y]) => `${x},${Y(y)}`).join(' ');
}

/** A rounded limb or sleeve from one point to another. */
export function Limb({
  from,
  to,
  radius,
  color,
  round = true,
}: {
  from: Point;
  to: Point;
  radius: number;
  color: string;
  round?: boolean;
}) {
  return (
    <line
      x1={from[0]}
      y1={Y(from[1])}
      x2={to[0]}
      y2={Y(to[1])}
      stroke={color}
      strokeWidth={radius * 2}
      strokeLinecap={round ? 'round' : 'butt'}
    />
  );
}

/** A rectangle by its left, top, right and bottom in scene units. */
export function Box({
  x1,
  top,
  x2,
  bottom,
  color,
}: {
  x1: number;
  top: number;
  x2: number;
  bottom: number;
  color: string;
}) {
  return (
    <rect x={Math.min(x1, x2)} y={Y(top)} width={Math.abs(x2 - x1)} height={top - bottom} fill={color} />
  );
}

/** The torso from the hips (or a top's hem) up to the shoulders, sloping to the neck. */
export function torso(build: Build, grow: number, hem: number, color: string): ReactNode {
  const waist = Math.max(hem, LEVELS.hip);
  const top = LEVELS.shoulder;
  const flare = (y: number) => build.hip + grow + (LEVELS.hip - y) * SKIRT_FLARE;
  return (
    <>
      <polygon
        fill={color}
        points={points(
          [-(torsoHalfWidth(build, waist) + grow), waist],
          [-(build.shoulder + grow), top],
          [-0.08, top + 0.065],
          [0.08, top + 0.065],
          [build.shoulder + grow, top],
          [torsoHalfWidth(build, waist) + grow, waist],
        )}
      />
      {hem < LEVELS.hip && (
        <polygon
          fill={color}
          points={points(
            [-flare(LEVELS.hip), LEVELS.hip],
            [flare(LEVELS.hip), LEVELS.hip],
            [flare(hem), hem],
            [-flare(hem), hem],
          )}
        />
      )}
    </>
  );
}
