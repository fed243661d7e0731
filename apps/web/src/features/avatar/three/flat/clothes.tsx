// Clothes in the flat preview, cut as in 3D (cuts.ts).
import type { ReactNode } from 'react';
import { tone, trimTone } from '../color';
import { BOTTOM_CUTS, SEAT_BOTTOM, TOP_CUTS } from '../cuts';
import { armPoint, type Build, legX, LEVELS, SIDES, torsoHalfWidth } from '../figure';
import type { PartShape, WornPart } from '../look';
import { Box, Limb, points, torso, Y } from './svg';

export function Bottom({ build, part }: { build: Build; part: WornPart<'bottom'> }) {
  const { hem, grow } = BOTTOM_CUTS[part.shape];
  const trim = trimTone(part.color);
  const seat = torsoHalfWidth(build, LEVELS.waist) + grow;
  return (
    <g>
      <polygon
        fill={part.color}
        points={points(
          [-seat, LEVELS.waist],
          [seat, LEVELS.waist],
          [build.hip + grow, SEAT_BOTTOM],
          [-(build.hip + grow), SEAT_BOTTOM],
        )}
      />
      {SIDES.map((side) => {
        const x = side * legX(build);
        const radius = build.legRadius + grow;
        return (
          <g key={side}>
            <Limb from={[x, 0.86, 0]} to={[x, hem, 0]} radius={radius} color={part.color} round={false} />
            <Box
              x1={x - radius - 0.005}
              top={hem + 0.045}
              x2={x + radius + 0.005}
              bottom={hem}
              color={trim}
            />
            {part.shape === 'cargo' && (
              <Box
                x1={x + side * radius}
                top={0.7}
                x2={x + side * (radius + 0.024)}
                bottom={0.58}
                color={trim}
              />
            )}
          </g>
        );
      })}
    </g>
  );
}

export function Shoes({ build, part }: { build: Build; part: WornPart<'shoes'> }) {
  const sole = tone(part.color, -0.25);
  return (
    <g>
      {SIDES.map((side) => {
        const x = side * legX(build);
        const half = 0.056;
        switch (part.shape) {
          case 'sneakers':
            return (
              <g key={side}>
                <Box x1={x - half} top={0.11} x2={x + half} bottom={0.03} color={part.color} />
                <Box x1={x - half} top={0.03} x2={x + half} bottom={0} color={sole} />
              </g>
            );
          case 'sandals':
            return (
              <g key={side}>
                <Box x1={x - half} top={0.022} x2={x + half} bottom={0} color={part.color} />
                <Box x1={x - half} top={0.067} x2={x + half} bottom={0.049} color={part.color} />
              </g>
            );
          case 'boots': {
            const shaft = build.legRadius + 0.03;
            return (
              <g key={side}>
                <Box x1={x - shaft} top={0.3} x2={x + shaft} bottom={0.03} color={part.color} />
                <Box
                  x1={x - shaft - 0.008}
                  top={0.3}
                  x2={x + shaft + 0.008}
                  bottom={0.26}
                  color={tone(part.color, 0.18)}
                />
                <Box x1={x - 0.06} top={0.036} x2={x + 0.06} bottom={0} color={sole} />
              </g>
            );
          }
        }
      })}
    </g>
  );
}

/** A hood lying on the back shows round the neck. */
export function TopBehind({ part }: { part: WornPart<'top'> }) {
  if (part.shape !== 'hoodie' && part.shape !== 'parka') return null;
  return <ellipse cx={0} cy={Y(LEVELS.neck)} rx={0.17} ry={0.08} fill={part.color} />;
}

export function Top({ build, part }: { build: Build; part: WornPart<'top'> }) {
  const { hem, grow, sleeve } = TOP_CUTS[part.shape];
  const trim = trimTone(part.color);
  const neck = LEVELS.neck;
  const details: Record<PartShape<'top'>, ReactNode> = {
    tshirt: <ellipse cx={0} cy={Y(neck + 0.01)} rx={0.07} ry={0.018} fill={trim} />,
    hoodie: (
      <>
        <ellipse cx={0} cy={Y(neck + 0.01)} rx={0.1} ry={0.03} fill={trim} />
        <Box
          x1={-build.shoulder / 2}
          top={1.01}
          x2={build.shoulder / 2}
          bottom={0.91}
          color={tone(part.color, -0.03)}
        />
        <Box
          x1={-build.hip - grow - 0.006}
          top={hem + 0.05}
          x2={build.hip + grow + 0.006}
          bottom={hem}
          color={trim}
        />
      </>
    ),
    shirt: (
      <>
        <Box x1={-0.013} top={LEVELS.shoulder} x2={0.013} bottom={hem} color={trim} />
        <polygon
          fill={trim}
          points={points([-0.09, neck + 0.01], [0, neck - 0.05], [0.09, neck + 0.01], [0, neck - 0.01])}
        />
      </>
    ),
    jacket: (
      <>
        <Box x1={-0.006} top={LEVELS.shoulder} x2={0.006} bottom={hem} color="#374151" />
        <Box x1={-0.085} top={neck + 0.05} x2={0.085} bottom={neck - 0.02} color={part.color} />
      </>
    ),
    parka: (
      <>
        <ellipse cx={0} cy={Y(neck + 0.02)} rx={0.14} ry={0.045} fill="#efe6d8" />
        <Box x1={-0.015} top={LEVELS.shoulder} x2={0.015} bottom={hem} color={trim} />
        {[1.0, 1.2].map((y) => (
          <Box
            key={y}
            x1={-torsoHalfWidth(build, y) - grow}
            top={y + 0.009}
            x2={torsoHalfWidth(build, y) + grow}
            bottom={y - 0.009}
            color={trim}
          />
        ))}
      </>
    ),
    coat: (
      <>
        <polygon
          fill={tone(part.color, 0.05)}
          points={points([-0.11, 1.42], [0, 1.25], [0.11, 1.42], [0, 1.4])}
        />
        <Box
          x1={-torsoHalfWidth(build, LEVELS.waist) - grow - 0.006}
          top={LEVELS.waist + 0.02}
          x2={torsoHalfWidth(build, LEVELS.waist) + grow + 0.006}
          bottom={LEVELS.waist - 0.02}
          color={tone(part.color, -0.18)}
        />
        <Box x1={-0.004} top={LEVELS.waist - 0.02} x2={0.004} bottom={hem} color={tone(part.color, -0.18)} />
      </>
    ),
  };
  return (
    <g>
      {SIDES.map((side) => (
        <Limb
          key={side}
          from={armPoint(build, side, 0)}
          to={armPoint(build, side, sleeve)}
          radius={build.armRadius + grow + 0.006}
          color={part.color}
        />
      ))}
      {torso(build, grow, hem, part.color)}
      {details[part.shape]}
    </g>
  );
}
