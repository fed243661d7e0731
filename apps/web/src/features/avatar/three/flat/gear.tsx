// What the figure wears on its head and carries, in the flat preview.
import { tone, trimTone } from '../color';
import { type Build, handPoint, HEAD, LEVELS, SIDES } from '../figure';
import { clothPieces, FLAG_CLOTH, flagDesign } from '../flags';
import type { WornPart } from '../look';
import { Box, Limb, points, R, RY, Y } from './svg';

export function Headwear({ part }: { part: WornPart<'headwear'> }) {
  const { color } = part;
  const band = tone(color, -0.25);
  switch (part.shape) {
    case 'cap':
      return (
        <g>
          <path
            d={`M ${-R - 0.024} ${Y(1.68)} A ${R + 0.024} ${R + 0.01} 0 0 1 ${R + 0.024} ${Y(1.68)} Z`}
            fill={color}
          />
          <ellipse cx={0} cy={Y(1.68)} rx={0.13} ry={0.018} fill={color} />
        </g>
      );
    case 'beanie':
      return (
        <g>
          <path
            d={`M ${-R - 0.026} ${Y(1.67)} A ${R + 0.026} ${(R + 0.026) * 1.28} 0 0 1 ${R + 0.026} ${Y(1.67)} Z`}
            fill={color}
          />
          <Box x1={-R - 0.032} top={1.72} x2={R + 0.032} bottom={1.665} color={band} />
          <circle cx={0} cy={Y(1.905)} r={0.045} fill={tone(color, 0.25)} />
        </g>
      );
    case 'brimmed':
      return (
        <g>
          <polygon
            fill={color}
            points={points([-0.155, 1.715], [-0.125, 1.825], [0.125, 1.825], [0.155, 1.715])}
          />
          <Box x1={-0.157} top={1.75} x2={0.157} bottom={1.723} color={band} />
          <ellipse cx={0} cy={Y(1.715)} rx={0.3} ry={0.025} fill={color} />
        </g>
      );
    case 'fedora':
      return (
        <g>
          <polygon fill={color} points={points([-0.15, 1.72], [-0.105, 1.87], [0.105, 1.87], [0.15, 1.72])} />
          <Box x1={-0.152} top={1.756} x2={0.152} bottom={1.724} color={band} />
          <ellipse cx={0} cy={Y(1.72)} rx={0.215} ry={0.02} fill={color} />
        </g>
      );
    case 'pilot':
      return (
        <g>
          <path
            d={`M ${-R - 0.02} ${Y(1.64)} A ${R + 0.02} ${RY + 0.02} 0 0 1 ${R + 0.02} ${Y(1.64)} Z`}
            fill={color}
          />
          {SIDES.map((side) => (
            <g key={side}>
              <Box x1={side * 0.142} top={1.625} x2={side * 0.172} bottom={1.525} color={color} />
              <circle cx={side * 0.048} cy={Y(1.748)} r={0.032} fill="#9ca3af" />
              <circle cx={side * 0.048} cy={Y(1.748)} r={0.022} fill="#9fd3e6" />
            </g>
          ))}
        </g>
      );
    case 'laurel':
      return (
        <g>
          {Array.from({ length: 8 }, (_, index) => {
            const x = (index < 4 ? -1 : 1) * (0.06 + (index % 4) * 0.028);
            return (
              <ellipse
                key={index}
                cx={x}
                cy={Y(1.72 + (index % 2 ? 0.015 : -0.01))}
                rx={0.022}
                ry={0.012}
                fill={color}
                transform={`rotate(${x < 0 ? 30 : -30} ${x} ${Y(1.72)})`}
              />
            );
          })}
        </g>
      );
  }
}

/** A backpack shows on both sides of the body, behind it. */
export function AccessoryBehind({ build, part }: { build: Build; part: WornPart<'accessory'> }) {
  if (part.shape !== 'backpack') return null;
  const half = build.shoulder * 0.7;
  return <Box x1={-half} top={1.38} x2={half} bottom={0.96} color={part.color} />;
}

export function Accessory({ build, part }: { build: Build; part: WornPart<'accessory'> }) {
  const { color } = part;
  const cord = (to: [number, number], stroke: string) =>
    SIDES.map((side) => (
      <line
        key={side}
        x1={side * 0.06}
        y1={Y(LEVELS.neck)}
        x2={to[0] + side * 0.02}
        y2={Y(to[1])}
        stroke={stroke}
        strokeWidth={0.01}
      />
    ));
  switch (part.shape) {
    case 'backpack':
      return (
        <g>
          {SIDES.map((side) => (
            <Limb
              key={side}
              from={[side * build.shoulder * 0.5, LEVELS.neck + 0.02, 0]}
              to={[side * build.shoulder * 0.55, 1.1, 0]}
              radius={0.02}
              color={trimTone(color)}
              round={false}
            />
          ))}
        </g>
      );
    case 'sunglasses':
      return (
        <g>
          <Box x1={-0.1} top={HEAD.eyes + 0.036} x2={0.1} bottom={HEAD.eyes + 0.024} color={color} />
          {SIDES.map((side) => (
            <circle key={side} cx={side * 0.05} cy={Y(HEAD.eyes)} r={0.033} fill={color} />
          ))}
        </g>
      );
    case 'camera':
      return (
        <g>
          {cord([0, 1.15], '#1f2937')}
          <Box x1={-0.065} top={1.1625} x2={0.065} bottom={1.0775} color={color} />
          <circle cx={0.012} cy={Y(1.116)} r={0.032} fill={tone(color, -0.12)} />
          <circle cx={0.012} cy={Y(1.116)} r={0.022} fill="#60a5fa" />
        </g>
      );
    case 'compass':
      return (
        <g>
          {cord([0, 1.255], '#3f2a1d')}
          <circle cx={0} cy={Y(1.2)} r={0.048} fill={color} />
          <circle cx={0} cy={Y(1.2)} r={0.038} fill="#f8f5ea" />
          <polygon fill="#dc2626" points={points([-0.008, 1.2], [0, 1.232], [0.008, 1.2])} />
        </g>
      );
    case 'drone':
      return (
        <g>
          <Box x1={-0.49} top={1.875} x2={-0.31} bottom={1.865} color={color} />
          <Box x1={-0.445} top={1.878} x2={-0.355} bottom={1.843} color={color} />
          {[-0.46, -0.34].map((x) => (
            <ellipse key={x} cx={x} cy={Y(1.882)} rx={0.04} ry={0.006} fill={tone(color, -0.3)} />
          ))}
        </g>
      );
    case 'passport': {
      const [x, y] = handPoint(build, -1);
      return <Box x1={x - 0.0425} top={y + 0.08} x2={x + 0.0425} bottom={y - 0.04} color={color} />;
    }
  }
}

export function Flag({ build, country }: { build: Build; country: string }) {
  const [x, y] = handPoint(build, 1);
  const top = 1.6;
  const left = x + 0.008;
  return (
    <g>
      <line x1={x} y1={Y(y - 0.14)} x2={x} y2={Y(top + 0.02)} stroke="#8b6b47" strokeWidth={0.016} />
      <circle cx={x} cy={Y(top + 0.03)} r={0.016} fill="#d4af37" />
      {clothPieces(flagDesign(country)).map((piece) =>
        piece.round ? (
          <circle
            key={piece.name}
            cx={left + (piece.x + piece.width / 2) * FLAG_CLOTH.width}
            cy={Y(top - (piece.y + piece.height / 2) * FLAG_CLOTH.height)}
            r={(piece.height * FLAG_CLOTH.height) / 2}
            fill={piece.color}
          />
        ) : (
          <rect
            key={piece.name}
            x={left + piece.x * FLAG_CLOTH.width}
            y={Y(top - piece.y * FLAG_CLOTH.height)}
            width={piece.width * FLAG_CLOTH.width}
            height={piece.height * FLAG_CLOTH.height}
            fill={piece.color}
          />
        ),
      )}
    </g>
  );
}
