// The person in the flat preview: skin, face and hair.
import type { ReactNode } from 'react';
import { armPoint, type Build, HEAD, legX, LEVELS, SIDES } from '../figure';
import type { PartShape, WornPart } from '../look';
import { Box, Limb, R, RY, torso, Y } from './svg';

export function Body({ build, skin }: { build: Build; skin: string }) {
  return (
    <g>
      {SIDES.map((side) => (
        <g key={side}>
          <Limb
            from={[side * legX(build), 0.88, 0]}
            to={[side * legX(build), 0.08, 0]}
            radius={build.legRadius}
            color={skin}
          />
          <Box
            x1={side * legX(build) - 0.042}
            top={0.06}
            x2={side * legX(build) + 0.042}
            bottom={0}
            color={skin}
          />
          <Limb
            from={armPoint(build, side, 0)}
            to={armPoint(build, side, 1)}
            radius={build.armRadius}
            color={skin}
          />
          <ellipse
            cx={armPoint(build, side, 1.1)[0]}
            cy={Y(armPoint(build, side, 1.1)[1])}
            rx={0.034}
            ry={0.052}
            fill={skin}
          />
        </g>
      ))}
      {torso(build, 0, LEVELS.hip - 0.1, skin)}
    </g>
  );
}

export function Head({ skin }: { skin: string }) {
  return (
    <g>
      <Box x1={-0.052} top={LEVELS.neck + 0.05} x2={0.052} bottom={LEVELS.neck - 0.07} color={skin} />
      {SIDES.map((side) => (
        <ellipse key={side} cx={side * 0.143} cy={Y(1.625)} rx={0.018} ry={0.03} fill={skin} />
      ))}
      <ellipse cx={0} cy={Y(HEAD.y)} rx={R} ry={RY} fill={skin} />
    </g>
  );
}

export function Face({ part }: { part: WornPart<'face'> }) {
  const ink = part.color;
  const mouthY = Y(HEAD.mouth);
  const mouths: Record<PartShape<'face'>, ReactNode> = {
    smile: (
      <path
        d={`M -0.036 ${mouthY - 0.03} Q 0 ${mouthY + 0.03} 0.036 ${mouthY - 0.03}`}
        stroke={ink}
        strokeWidth={0.012}
        fill="none"
        strokeLinecap="round"
      />
    ),
    calm: (
      <line
        x1={-0.025}
        y1={mouthY}
        x2={0.025}
        y2={mouthY}
        stroke={ink}
        strokeWidth={0.01}
        strokeLinecap="round"
      />
    ),
    grin: (
      <>
        <path
          d={`M -0.045 ${mouthY - 0.016} L 0.045 ${mouthY - 0.016} A 0.045 0.045 0 0 1 -0.045 ${mouthY - 0.016} Z`}
          fill={ink}
        />
        <rect x={-0.033} y={mouthY - 0.016} width={0.066} height={0.012} fill="#f8fafc" />
      </>
    ),
    wink: (
      <path
        d={`M -0.022 ${mouthY - 0.024} Q 0.008 ${mouthY + 0.02} 0.038 ${mouthY - 0.03}`}
        stroke={ink}
        strokeWidth={0.012}
        fill="none"
        strokeLinecap="round"
      />
    ),
  };
  return (
    <g>
      {SIDES.map((side) => {
        const x = side * 0.048;
        const closed = part.shape === 'wink' && side === -1;
        return (
          <g key={side}>
            {closed ? (
              <path
                d={`M ${x - 0.017} ${Y(HEAD.eyes)} Q ${x} ${Y(HEAD.eyes) - 0.022} ${x + 0.017} ${Y(HEAD.eyes)}`}
                stroke={ink}
                strokeWidth={0.009}
                fill="none"
                strokeLinecap="round"
              />
            ) : (
              <>
                <ellipse cx={x} cy={Y(HEAD.eyes)} rx={0.022} ry={0.024} fill="#f8fafc" />
                <ellipse cx={x} cy={Y(HEAD.eyes - 0.002)} rx={0.013} ry={0.015} fill={ink} />
              </>
            )}
            <line
              x1={x - 0.02}
              y1={Y(1.688 + (part.shape === 'grin' ? 0.008 : 0))}
              x2={x + 0.02}
              y2={Y(1.688 + (part.shape === 'calm' ? 0 : side * 0.005))}
              stroke={ink}
              strokeWidth={0.01}
              strokeLinecap="round"
            />
          </g>
        );
      })}
      {mouths[part.shape]}
    </g>
  );
}

/** The hair over the crown, an arc above the forehead. */
function crown(color: string, grow: number): ReactNode {
  const rx = R + grow;
  const base = Y(1.66);
  return (
    <path
      d={`M ${-rx} ${base} A ${rx} ${RY + grow} 0 0 1 ${rx} ${base} Q 0 ${base - 0.05} ${-rx} ${base} Z`}
      fill={color}
    />
  );
}

/** Hair behind the head (long hair, braids), drawn before the head. */
export function HairBehind({ part }: { part: WornPart<'hair'> }) {
  if (part.shape === 'long')
    return <Box x1={-R - 0.05} top={1.68} x2={R + 0.05} bottom={1.34} color={part.color} />;
  if (part.shape === 'bun') return <circle cx={0} cy={Y(1.8)} r={0.066} fill={part.color} />;
  return null;
}

export function Hair({ part }: { part: WornPart<'hair'> }) {
  const { color } = part;
  switch (part.shape) {
    case 'short':
      return crown(color, 0.012);
    case 'long':
      return (
        <g>
          {crown(color, 0.012)}
          {SIDES.map((side) => (
            <Box key={side} x1={side * 0.118} top={1.68} x2={side * 0.163} bottom={1.42} color={color} />
          ))}
        </g>
      );
    case 'bun':
      return crown(color, 0.012);
    case 'curly':
      return (
        <g>
          {crown(color, 0.02)}
          {Array.from({ length: 9 }, (_, index) => {
            const angle = Math.PI * (0.1 + (index / 8) * 0.8);
            return (
              <circle
                key={index}
                cx={Math.cos(angle) * (R + 0.02)}
                cy={Y(HEAD.y + 0.03 + Math.sin(angle) * (RY + 0.01))}
                r={0.045}
                fill={color}
              />
            );
          })}
        </g>
      );
    case 'braids':
      return (
        <g>
          {crown(color, 0.012)}
          {SIDES.map((side) =>
            [0, 1, 2, 3, 4].map((link) => (
              <circle
                key={`${side}-${link}`}
                cx={side * (0.12 + link * 0.0075)}
                cy={Y(1.56 - link * 0.0725)}
                r={0.036 - link * 0.002}
                fill={color}
              />
            )),
          )}
        </g>
      );
  }
}
