// Hair and headwear, fitted to the head (HEAD in figure.ts). Hats sit above the eyes, so the face shows
// under every one of them.
import * as THREE from 'three';
import { HEAD, type Point, SIDES } from '../figure';
import { tone } from '../color';
import type { Kit } from '../kit';
import type { PartShape } from '../look';
import { type DrawPart, sideName } from './part';

const R = HEAD.radius;

/** Hair over the crown and the back of the head, leaving the forehead bare. */
function scalp(kit: Kit, material: THREE.Material, thickness = 0.012): THREE.Mesh {
  return kit.mesh(
    'hair:scalp',
    kit.sphere(R + thickness, { sides: 12, rings: 7, cap: Math.PI / 2 }),
    material,
    [0, HEAD.y + 0.005, -0.008],
    {
      rotation: [-0.35, 0, 0],
      scale: [1, HEAD.stretch, 1.05],
    },
  );
}

/**
 * Points spread evenly over the head (a Fibonacci sphere), keeping those over the crown and the back:
 * where curls grow, never over the face.
 */
function curlPoints(count: number): Point[] {
  const points: Point[] = [];
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let index = 0; index < count; index++) {
    const y = 1 - (index / (count - 1)) * 2;
    const ring = Math.sqrt(1 - y * y);
    const x = Math.cos(golden * index) * ring;
    const z = Math.sin(golden * index) * ring;
    if (y > 0.2 || (z < -0.15 && y > -0.45) || (Math.abs(x) > 0.8 && y > -0.1)) {
      const reach = R + 0.018;
      points.push([x * reach, HEAD.y + y * reach * HEAD.stretch, z * reach]);
    }
  }
  return points;
}

const CURLS = curlPoints(48);

export const drawHair: DrawPart<PartShape<'hair'>> = ({ kit, shape, color }) => {
  const hair = kit.material(color);
  const meshes: THREE.Mesh[] = [scalp(kit, hair, shape === 'curly' ? 0.02 : 0.012)];
  switch (shape) {
    case 'short':
      meshes.push(
        kit.mesh('hair:fringe', kit.box(0.17, 0.035, 0.04), hair, [0, 1.735, 0.112], {
          rotation: [0.45, 0, 0],
        }),
        ...SIDES.map((side) =>
          kit.mesh(`hair:sideburn-${sideName(side)}`, kit.box(0.016, 0.06, 0.035), hair, [
            side * 0.142,
            1.6,
            0.035,
          ]),
        ),
      );
      break;
    case 'long':
      meshes.push(
        kit.mesh(
          'hair:back',
          kit.cylinder(R + 0.02, R + 0.05, 0.36, { sides: 10, start: Math.PI / 2, arc: Math.PI }),
          hair,
          [0, 1.52, 0],
        ),
        ...SIDES.map((side) =>
          kit.mesh(
            `hair:lock-${sideName(side)}`,
            kit.box(0.045, 0.26, 0.09),
            hair,
            [side * 0.14, 1.55, -0.02],
            {
              rotation: [0, 0, side * -0.06],
            },
          ),
        ),
      );
      break;
    case 'bun':
      meshes.push(
        kit.mesh('hair:bun', kit.sphere(0.066, { sides: 8, rings: 6 }), hair, [0, 1.8, -0.075]),
        kit.mesh(
          'hair:bun-tie',
          kit.torus(0.045, 0.01, { sides: 10 }),
          kit.material(tone(color, 0.25)),
          [0, 1.765, -0.06],
          {
            rotation: [Math.PI / 2 + 0.6, 0, 0],
          },
        ),
      );
      break;
    case 'curly': {
      const curl = kit.gem(0.048);
      CURLS.forEach((point, index) => {
        // Each curl turned its own way, so their facets do not line up in rows.
        meshes.push(
          kit.mesh(`hair:curl-${index + 1}`, curl, hair, point, { rotation: [index, index * 2, 0] }),
        );
      });
      break;
    }
    case 'braids': {
      const tie = kit.material(tone(color, 0.3));
      for (const side of SIDES) {
        const name = sideName(side);
        const from = new THREE.Vector3(side * 0.12, 1.56, -0.04);
        const to = new THREE.Vector3(side * 0.15, 1.27, 0.05);
        for (let link = 0; link < 5; link++) {
          const at = from.clone().lerp(to, link / 4);
          meshes.push(
            kit.mesh(
              `hair:braid-${name}-${link + 1}`,
              kit.gem(0.038 - link * 0.002),
              hair,
              [at.x, at.y, at.z],
              {
                rotation: [0, 0, link % 2 ? 0.5 : -0.5],
              },
            ),
          );
        }
        meshes.push(
          kit.mesh(`hair:braid-tie-${name}`, kit.cylinder(0.022, 0.022, 0.02), tie, [
            to.x,
            to.y - 0.035,
            to.z,
          ]),
        );
      }
      break;
    }
  }
  return meshes;
};

export const drawHeadwear: DrawPart<PartShape<'headwear'>> = ({ kit, shape, color }) => {
  const felt = kit.material(color);
  const band = kit.material(tone(color, -0.25));
  switch (shape) {
    case 'cap':
      return [
        kit.mesh(
          'headwear:crown',
          kit.sphere(R + 0.024, { sides: 12, rings: 5, cap: Math.PI / 2 }),
          felt,
          [0, 1.68, -0.005],
          {
            scale: [1, 0.95, 1.05],
          },
        ),
        kit.mesh(
          'headwear:peak',
          // The front half of a disc: x = r·sin θ, z = r·cos θ, so θ from -90° to 90° lies in front.
          kit.cylinder(0.125, 0.125, 0.012, { sides: 10, start: -Math.PI / 2, arc: Math.PI }),
          felt,
          [0, 1.685, 0.09],
          { rotation: [0.12, 0, 0], scale: [1, 1, 1.15] },
        ),
        kit.mesh('headwear:button', kit.sphere(0.014, { sides: 6, rings: 4 }), band, [0, 1.84, -0.005]),
      ];
    case 'beanie':
      return [
        kit.mesh(
          'headwear:crown',
          kit.sphere(R + 0.026, { sides: 12, rings: 6, cap: Math.PI / 2 }),
          felt,
          [0, 1.67, -0.005],
          {
            scale: [1, 1.28, 1.04],
          },
        ),
        kit.mesh(
          'headwear:cuff',
          kit.cylinder(R + 0.032, R + 0.032, 0.055, { sides: 12 }),
          band,
          [0, 1.695, -0.005],
          {
            scale: [1, 1, 1.04],
          },
        ),
        kit.mesh('headwear:pompom', kit.gem(0.048), kit.material(tone(color, 0.25)), [0, 1.905, -0.01]),
      ];
    case 'brimmed':
      return [
        kit.mesh('headwear:brim', kit.cylinder(0.3, 0.3, 0.012, { sides: 14 }), felt, [0, 1.715, 0]),
        kit.mesh('headwear:crown', kit.cylinder(0.125, 0.155, 0.11, { sides: 12 }), felt, [0, 1.77, 0]),
        kit.mesh('headwear:band', kit.cylinder(0.157, 0.157, 0.028, { sides: 12 }), band, [0, 1.737, 0]),
      ];
    case 'fedora':
      return [
        kit.mesh('headwear:brim', kit.cylinder(0.215, 0.215, 0.01, { sides: 12 }), felt, [0, 1.72, 0.01], {
          rotation: [0.06, 0, 0],
        }),
        // Six sides read as the pinched crown of a fedora.
        kit.mesh('headwear:crown', kit.cylinder(0.105, 0.15, 0.15, { sides: 6 }), felt, [0, 1.795, 0]),
        kit.mesh('headwear:band', kit.cylinder(0.143, 0.152, 0.032, { sides: 6 }), band, [0, 1.74, 0]),
      ];
    case 'pilot':
      return drawPilotCap(kit, felt, band);
    case 'laurel':
      return drawLaurel(kit, kit.material(color, 'metal'));
  }
};

/** A leather flying helmet with ear flaps and goggles pushed up on the forehead. */
function drawPilotCap(kit: Kit, leather: THREE.Material, dark: THREE.Material): THREE.Mesh[] {
  const frame = kit.material('#9ca3af', 'metal');
  const lens = kit.material('#9fd3e6', 'glass');
  const meshes: THREE.Mesh[] = [
    kit.mesh(
      'headwear:helmet',
      kit.sphere(R + 0.02, { sides: 12, rings: 7, cap: Math.PI * 0.55 }),
      leather,
      [0, HEAD.y, -0.01],
      {
        rotation: [-0.5, 0, 0],
        scale: [1, HEAD.stretch, 1.04],
      },
    ),
    kit.mesh(
      'headwear:goggle-strap',
      kit.cylinder(R + 0.03, R + 0.03, 0.02, { sides: 12, open: true }),
      dark,
      [0, 1.745, -0.01],
      {
        rotation: [-0.3, 0, 0],
      },
    ),
    kit.mesh('headwear:goggle-bridge', kit.box(0.03, 0.01, 0.01), frame, [0, 1.75, 0.15]),
  ];
  for (const side of SIDES) {
    const name = sideName(side);
    meshes.push(
      kit.mesh(`headwear:ear-flap-${name}`, kit.box(0.03, 0.1, 0.075), leather, [
        side * 0.157,
        1.575,
        -0.005,
      ]),
      kit.mesh(
        `headwear:goggle-${name}`,
        kit.torus(0.03, 0.009, { sides: 10 }),
        frame,
        [side * 0.048, 1.748, 0.14],
        {
          rotation: [-0.3, 0, 0],
        },
      ),
      kit.mesh(
        `headwear:lens-${name}`,
        kit.cylinder(0.026, 0.026, 0.008, { sides: 10 }),
        lens,
        [side * 0.048, 1.748, 0.138],
        {
          rotation: [Math.PI / 2 - 0.3, 0, 0],
        },
      ),
    );
  }
  return meshes;
}

/** A victor's wreath: a thin gold ring with leaves along it, open over the forehead. */
function drawLaurel(kit: Kit, gold: THREE.Material): THREE.Mesh[] {
  const ring = R + 0.012;
  const y = 1.715;
  const meshes: THREE.Mesh[] = [
    kit.mesh('headwear:wreath', kit.torus(ring, 0.007, { sides: 16, arc: Math.PI * 1.6 }), gold, [0, y, 0], {
      // The arc starts at +x; turning it leaves its gap over the forehead.
      rotation: [Math.PI / 2, 0, Math.PI / 2 + Math.PI * 0.2],
    }),
  ];
  const leaf = kit.gem(0.045, 'octahedron');
  const count = 14;
  for (let index = 0; index < count; index++) {
    // From beside the forehead round the back to the other side; angle 0 faces the front.
    const angle = Math.PI * 0.22 + (index / (count - 1)) * Math.PI * 1.56;
    const up = index % 2 === 0 ? 1 : -1;
    const mesh = kit.mesh(
      `headwear:leaf-${index + 1}`,
      leaf,
      gold,
      [Math.sin(angle) * ring, y + up * 0.014, Math.cos(angle) * ring],
      { scale: [0.45, 0.3, 1] },
    );
    // Along the ring, each leaf fanned up or down.
    mesh.rotation.set(up * 0.5, angle + Math.PI / 2, 0, 'YXZ');
    meshes.push(mesh);
  }
  return meshes;
}
