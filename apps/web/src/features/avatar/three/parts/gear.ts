// What a traveller carries: one accessory (on the back, over the eyes, at the chest, in the air or in the
// right hand) and the flag of a visited country in the left hand.
import type * as THREE from 'three';
import {
  type Build,
  depthScale,
  frontZ,
  handPoint,
  HEAD,
  LEVELS,
  type Point,
  SIDES,
  torsoHalfWidth,
} from '../figure';
import { clothPieces, FLAG_CLOTH, flagDesign } from '../flags';
import { tone } from '../color';
import type { Kit } from '../kit';
import type { PartShape } from '../look';
import { type DrawPart, sideName } from './part';

/** Clearance for straps over whatever top is worn: a parka stands 0.042 off the body. */
const OVER_CLOTHES = 0.03;

/** A cord from both sides of the neck, round the back of it, down to something hanging at the chest. */
function neckCord(kit: Kit, name: string, radius: number, to: Point, material: THREE.Material): THREE.Mesh[] {
  const y = LEVELS.neck + 0.005;
  const nape: Point = [0, y, -0.07];
  return SIDES.flatMap((side) => {
    const neckSide: Point = [side * 0.06, y, -0.035];
    const end: Point = [to[0] + side * 0.02, to[1], to[2]];
    return [
      kit.rod(`${name}-${sideName(side)}`, radius, neckSide, end, material),
      kit.rod(`${name}-back-${sideName(side)}`, radius, neckSide, nape, material),
    ];
  });
}

function chestZ(build: Build, y: number): number {
  return frontZ(build, y, OVER_CLOTHES);
}

export const drawAccessory: DrawPart<PartShape<'accessory'>> = ({ kit, build, shape, color }) => {
  const main = kit.material(color);
  switch (shape) {
    case 'backpack':
      return drawBackpack(kit, build, color);
    case 'sunglasses': {
      const frame = kit.material(color, 'glass');
      const meshes: THREE.Mesh[] = [
        kit.mesh('accessory:frame', kit.box(0.2, 0.012, 0.012), frame, [0, HEAD.eyes + 0.03, 0.158]),
        kit.mesh('accessory:bridge', kit.box(0.03, 0.008, 0.01), frame, [0, HEAD.eyes + 0.01, 0.162]),
      ];
      for (const side of SIDES) {
        const name = sideName(side);
        meshes.push(
          kit.mesh(
            `accessory:lens-${name}`,
            kit.cylinder(0.033, 0.03, 0.008),
            frame,
            [side * 0.05, HEAD.eyes, 0.158],
            {
              rotation: [Math.PI / 2, 0, 0],
            },
          ),
          kit.mesh(`accessory:temple-${name}`, kit.box(0.008, 0.01, 0.16), frame, [
            side * 0.15,
            HEAD.eyes + 0.025,
            0.08,
          ]),
        );
      }
      return meshes;
    }
    case 'camera': {
      const y = 1.12;
      const z = chestZ(build, y) + 0.03;
      return [
        ...neckCord(kit, 'accessory:strap', 0.007, [0, y + 0.03, z - 0.01], kit.material('#1f2937')),
        kit.mesh('accessory:camera-body', kit.box(0.13, 0.085, 0.055), main, [0, y, z]),
        kit.mesh('accessory:viewfinder', kit.box(0.04, 0.025, 0.04), main, [-0.03, y + 0.05, z]),
        kit.mesh('accessory:shutter', kit.cylinder(0.01, 0.01, 0.012), kit.material('#d1d5db', 'metal'), [
          0.04,
          y + 0.048,
          z,
        ]),
        kit.mesh(
          'accessory:lens',
          kit.cylinder(0.03, 0.035, 0.045, { sides: 10 }),
          kit.material(tone(color, -0.12)),
          [0.012, y - 0.004, z + 0.048],
          {
            rotation: [Math.PI / 2, 0, 0],
          },
        ),
        kit.mesh(
          'accessory:lens-glass',
          kit.cylinder(0.022, 0.022, 0.006, { sides: 10 }),
          kit.material('#60a5fa', 'glass'),
          [0.012, y - 0.004, z + 0.072],
          {
            rotation: [Math.PI / 2, 0, 0],
          },
        ),
      ];
    }
    case 'compass': {
      const brass = kit.material(color, 'metal');
      const y = 1.2;
      const z = chestZ(build, y) + 0.01;
      return [
        ...neckCord(kit, 'accessory:cord', 0.004, [0, y + 0.055, z], kit.material('#3f2a1d')),
        kit.mesh('accessory:bail', kit.torus(0.012, 0.004, { sides: 8 }), brass, [0, y + 0.056, z]),
        kit.mesh('accessory:case', kit.cylinder(0.048, 0.048, 0.018, { sides: 12 }), brass, [0, y, z], {
          rotation: [Math.PI / 2, 0, 0],
        }),
        kit.mesh(
          'accessory:dial',
          kit.cylinder(0.038, 0.038, 0.004, { sides: 12 }),
          kit.material('#f8f5ea'),
          [0, y, z + 0.01],
          {
            rotation: [Math.PI / 2, 0, 0],
          },
        ),
        kit.mesh('accessory:needle-north', kit.cone(0.008, 0.032, 4), kit.material('#dc2626'), [
          0,
          y + 0.016,
          z + 0.014,
        ]),
        kit.mesh(
          'accessory:needle-south',
          kit.cone(0.008, 0.032, 4),
          kit.material('#374151'),
          [0, y - 0.016, z + 0.014],
          {
            rotation: [0, 0, Math.PI],
          },
        ),
      ];
    }
    case 'drone':
      return drawDrone(kit, color);
    case 'passport': {
      const [x, y, z] = handPoint(build, -1);
      const cover = kit.material(color, 'metal');
      return [
        kit.mesh('accessory:passport', kit.box(0.085, 0.12, 0.018), cover, [x, y + 0.02, z + 0.05], {
          rotation: [0, -0.3, 0],
        }),
        kit.mesh(
          'accessory:emblem',
          kit.cylinder(0.022, 0.022, 0.004, { sides: 10 }),
          kit.material(tone(color, -0.2), 'metal'),
          [x + 0.004, y + 0.03, z + 0.061],
          { rotation: [Math.PI / 2, 0, -0.3] },
        ),
      ];
    }
  }
};

/** A daypack on the back, its straps over the shoulders and down the chest. */
function drawBackpack(kit: Kit, build: Build, color: string): THREE.Mesh[] {
  const canvas = kit.material(color);
  const trim = kit.material(tone(color, -0.12));
  const width = build.shoulder * 1.4;
  const back = -(torsoHalfWidth(build, LEVELS.chest) + OVER_CLOTHES) * depthScale(build);
  const depth = 0.15;
  const z = back - depth / 2;
  const meshes: THREE.Mesh[] = [
    kit.mesh('accessory:pack', kit.box(width, 0.4, depth), canvas, [0, 1.16, z]),
    kit.mesh('accessory:lid', kit.box(width * 1.02, 0.09, depth + 0.01), trim, [0, 1.34, z]),
    kit.mesh('accessory:front-pocket', kit.box(width * 0.7, 0.16, 0.04), trim, [
      0,
      1.06,
      z - depth / 2 - 0.02,
    ]),
  ];
  for (const side of SIDES) {
    const name = sideName(side);
    const x = side * build.shoulder * 0.5;
    const over: Point = [x, LEVELS.neck + 0.035, -0.01];
    meshes.push(
      kit.slab(`accessory:strap-back-${name}`, 0.04, 0.012, [x, 1.3, back], over, trim),
      kit.slab(`accessory:strap-front-${name}`, 0.04, 0.012, over, [x * 1.1, 1.1, chestZ(build, 1.1)], trim),
    );
  }
  return meshes;
}

const ROTOR_CORNERS = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

/** A quadcopter hovering over the right shoulder. */
function drawDrone(kit: Kit, color: string): THREE.Mesh[] {
  const body = kit.material(color);
  const dark = kit.material(tone(color, -0.3));
  const [x, y, z] = [-0.4, 1.86, 0.1];
  const arm = 0.06;
  const meshes: THREE.Mesh[] = [
    kit.mesh('accessory:drone-body', kit.box(0.09, 0.035, 0.09), body, [x, y, z], {
      rotation: [0, Math.PI / 4, 0],
    }),
    kit.mesh('accessory:drone-arms-1', kit.box(0.18, 0.012, 0.014), body, [x, y + 0.01, z], {
      rotation: [0, Math.PI / 4, 0],
    }),
    kit.mesh('accessory:drone-arms-2', kit.box(0.18, 0.012, 0.014), body, [x, y + 0.01, z], {
      rotation: [0, -Math.PI / 4, 0],
    }),
    kit.mesh('accessory:drone-camera', kit.sphere(0.018, { sides: 6, rings: 4 }), dark, [
      x,
      y - 0.03,
      z + 0.03,
    ]),
  ];
  const rotor = kit.cylinder(0.04, 0.04, 0.004, { sides: 10 });
  ROTOR_CORNERS.forEach(([dx, dz], index) => {
    meshes.push(
      kit.mesh(`accessory:rotor-${index + 1}`, rotor, dark, [x + dx * arm, y + 0.022, z + dz * arm]),
    );
  });
  return meshes;
}

export const drawFlag: DrawPart<'flag'> = ({ kit, build, color }) => {
  const [x, y, z] = handPoint(build, 1);
  const poleZ = z + 0.035;
  const top = 1.6;
  const meshes: THREE.Mesh[] = [
    kit.rod('flag:pole', 0.008, [x, y - 0.14, poleZ], [x, top + 0.02, poleZ], kit.material('#8b6b47')),
    kit.mesh('flag:finial', kit.sphere(0.016, { sides: 6, rings: 4 }), kit.material('#d4af37', 'metal'), [
      x,
      top + 0.03,
      poleZ,
    ]),
  ];
  // The cloth flies away from the body, so the viewer sees it the right way round, pole on the left.
  const left = x + 0.008;
  clothPieces(flagDesign(color)).forEach((piece, layer) => {
    const width = piece.width * FLAG_CLOTH.width;
    const height = piece.height * FLAG_CLOTH.height;
    const at: Point = [
      left + (piece.x + piece.width / 2) * FLAG_CLOTH.width,
      top - (piece.y + piece.height / 2) * FLAG_CLOTH.height,
      // Emblems lie over the stripes.
      poleZ + (piece.name.startsWith('stripe') ? 0 : 0.002 * layer),
    ];
    const material = kit.material(piece.color);
    meshes.push(
      piece.round
        ? kit.mesh(
            `flag:${piece.name}`,
            kit.cylinder(height / 2, height / 2, 0.008, { sides: 12 }),
            material,
            at,
            {
              rotation: [Math.PI / 2, 0, 0],
            },
          )
        : kit.mesh(`flag:${piece.name}`, kit.box(width, height, 0.006), material, at),
    );
  });
  return meshes;
};
