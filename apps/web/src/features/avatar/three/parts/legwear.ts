// Bottoms and shoes. Trousers reach the ankle and shorts stop above the knee; boots climb the shin where
// sneakers and sandals stay at the ankle.
import type * as THREE from 'three';
import { type Build, depthScale, legX, LEVELS, SIDES, torsoHalfWidth } from '../figure';
import { tone, trimTone } from '../color';
import type { Kit } from '../kit';
import { BOTTOM_CUTS, SEAT_BOTTOM } from '../cuts';
import type { PartShape } from '../look';
import { type DrawPart, sideName } from './part';

function seat(kit: Kit, build: Build, grow: number, material: THREE.Material): THREE.Mesh {
  const top = LEVELS.waist;
  const bottom = SEAT_BOTTOM;
  return kit.mesh(
    'bottom:seat',
    kit.cylinder(torsoHalfWidth(build, top) + grow, build.hip + grow, top - bottom),
    material,
    [0, (top + bottom) / 2, 0],
    { scale: [1, 1, depthScale(build)] },
  );
}

export const drawBottom: DrawPart<PartShape<'bottom'>> = ({ kit, build, shape, color }) => {
  const cut = BOTTOM_CUTS[shape];
  const cloth = kit.material(color);
  const trim = kit.material(trimTone(color));
  const radius = build.legRadius + cut.grow;
  const meshes: THREE.Mesh[] = [seat(kit, build, cut.grow * 0.6, cloth)];
  for (const side of SIDES) {
    const name = sideName(side);
    const x = side * legX(build);
    const hemRadius = radius * cut.taper;
    meshes.push(
      kit.rod(`bottom:leg-${name}`, radius, [x, 0.86, 0], [x, cut.hem, 0], cloth, { taper: cut.taper }),
      // A turned-up hem on trousers and shorts, a drawn-in cuff on cargo trousers.
      kit.rod(`bottom:hem-${name}`, hemRadius + 0.006, [x, cut.hem + 0.045, 0], [x, cut.hem, 0], trim),
    );
    if (shape === 'cargo') {
      const outside = side * (legX(build) + radius + 0.012);
      meshes.push(
        kit.mesh(`bottom:pocket-${name}`, kit.box(0.024, 0.12, 0.1), cloth, [outside, 0.64, 0]),
        kit.mesh(`bottom:pocket-flap-${name}`, kit.box(0.03, 0.025, 0.104), trim, [outside, 0.7, 0]),
      );
    }
  }
  return meshes;
};

export const drawShoes: DrawPart<PartShape<'shoes'>> = ({ kit, build, shape, color }) => {
  const leather = kit.material(color);
  // A white sneaker has a grey sole, a dark boot a near-black one.
  const sole = kit.material(tone(color, -0.25));
  const meshes: THREE.Mesh[] = [];
  for (const side of SIDES) {
    const name = sideName(side);
    const x = side * legX(build);
    switch (shape) {
      case 'sneakers':
        meshes.push(
          kit.mesh(`shoes:sole-${name}`, kit.box(0.108, 0.03, 0.238), sole, [x, 0.015, 0.036]),
          kit.mesh(`shoes:upper-${name}`, kit.box(0.1, 0.06, 0.22), leather, [x, 0.058, 0.03]),
          kit.mesh(`shoes:toe-${name}`, kit.box(0.098, 0.035, 0.05), sole, [x, 0.046, 0.128]),
          kit.mesh(
            `shoes:collar-${name}`,
            kit.cylinder(build.legRadius + 0.014, build.legRadius + 0.02, 0.04),
            leather,
            [x, 0.1, -0.01],
          ),
        );
        break;
      case 'sandals':
        // Straps over the bare foot of the body beneath.
        meshes.push(
          kit.mesh(`shoes:sole-${name}`, kit.box(0.1, 0.022, 0.232), leather, [x, 0.011, 0.036]),
          kit.mesh(`shoes:toe-strap-${name}`, kit.box(0.094, 0.018, 0.032), leather, [x, 0.058, 0.1]),
          kit.mesh(`shoes:instep-strap-${name}`, kit.box(0.094, 0.018, 0.032), leather, [x, 0.062, 0.025]),
          kit.mesh(
            `shoes:ankle-strap-${name}`,
            kit.cylinder(build.legRadius + 0.006, build.legRadius + 0.006, 0.018, { open: true }),
            leather,
            [x, 0.1, 0],
          ),
        );
        break;
      case 'boots': {
        const shaft = build.legRadius + 0.03;
        meshes.push(
          kit.mesh(`shoes:sole-${name}`, kit.box(0.12, 0.036, 0.25), sole, [x, 0.018, 0.04]),
          kit.mesh(`shoes:foot-${name}`, kit.box(0.112, 0.075, 0.232), leather, [x, 0.072, 0.038]),
          kit.mesh(`shoes:shaft-${name}`, kit.cylinder(shaft, shaft + 0.004, 0.24), leather, [x, 0.16, 0]),
          kit.mesh(
            `shoes:cuff-${name}`,
            kit.cylinder(shaft + 0.008, shaft + 0.008, 0.045),
            kit.material(tone(color, 0.18)),
            [x, 0.28, 0],
          ),
        );
        break;
      }
    }
  }
  return meshes;
};
