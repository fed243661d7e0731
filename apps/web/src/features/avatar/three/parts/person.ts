// The person under the clothes: the build's torso and limbs, the always-bare skin (head, neck, hands)
// and the face's features. Torso and limbs are skin-coloured too, since they show wherever nothing is worn.
import type * as THREE from 'three';
import { armPoint, depthScale, HEAD, legX, LEVELS, SIDES } from '../figure';
import type { Kit } from '../kit';
import type { PartShape } from '../look';
import type { DrawPart } from './part';
import { sideName } from './part';

export const drawBody: DrawPart = ({ kit, build, skin }) => {
  const material = kit.material(skin, 'skin');
  const squash = depthScale(build);
  const torsoHeight = LEVELS.shoulder - LEVELS.hip;
  const meshes: THREE.Mesh[] = [
    kit.mesh(
      'body:torso',
      kit.cylinder(build.shoulder, build.hip, torsoHeight),
      material,
      [0, LEVELS.hip + torsoHeight / 2, 0],
      { scale: [1, 1, squash] },
    ),
    // Shoulders slope to the neck rather than ending in a flat shelf.
    kit.mesh(
      'body:shoulders',
      kit.cylinder(0.075, build.shoulder, 0.06),
      material,
      [0, LEVELS.shoulder + 0.03, 0],
      {
        scale: [1, 1, squash],
      },
    ),
    kit.mesh(
      'body:pelvis',
      kit.cylinder(build.hip, build.hip * 0.92, 0.14),
      material,
      [0, LEVELS.hip - 0.05, 0],
      {
        scale: [1, 1, squash],
      },
    ),
  ];
  for (const side of SIDES) {
    const name = sideName(side);
    const x = side * legX(build);
    meshes.push(
      kit.mesh(
        `body:shoulder-${name}`,
        kit.sphere(build.armRadius * 1.25, { sides: 8, rings: 6 }),
        material,
        armPoint(build, side, 0),
      ),
      kit.rod(
        `body:arm-${name}`,
        build.armRadius,
        armPoint(build, side, 0),
        armPoint(build, side, 1),
        material,
        {
          capsule: true,
        },
      ),
      kit.rod(`body:leg-${name}`, build.legRadius, [x, 0.88, 0], [x, 0.12, 0], material, { capsule: true }),
      kit.mesh(`body:foot-${name}`, kit.box(0.085, 0.06, 0.2), material, [x, 0.03, 0.04]),
    );
  }
  return meshes;
};

export const drawSkin: DrawPart = ({ kit, build, color }) => {
  const material = kit.material(color, 'skin');
  const meshes: THREE.Mesh[] = [
    kit.mesh('skin:head', kit.sphere(HEAD.radius, { sides: 12, rings: 9 }), material, [0, HEAD.y, 0], {
      scale: [1, HEAD.stretch, 1.02],
    }),
    kit.mesh('skin:neck', kit.cylinder(0.052, 0.058, 0.12), material, [0, LEVELS.neck - 0.01, 0]),
    kit.mesh('skin:nose', kit.box(0.026, 0.036, 0.03), material, [0, 1.612, HEAD.radius - 0.002]),
  ];
  for (const side of SIDES) {
    const name = sideName(side);
    meshes.push(
      kit.mesh(
        `skin:ear-${name}`,
        kit.sphere(0.03, { sides: 6, rings: 4 }),
        material,
        [side * 0.143, 1.625, -0.005],
        {
          scale: [0.5, 1, 0.8],
        },
      ),
      kit.mesh(
        `skin:hand-${name}`,
        kit.sphere(0.042, { sides: 6, rings: 5 }),
        material,
        armPoint(build, side, 1.1),
        {
          scale: [0.8, 1.25, 0.7],
        },
      ),
    );
  }
  return meshes;
};

const EYE_X = 0.048;
const EYE_Z = 0.133;

export const drawFace: DrawPart<PartShape<'face'>> = ({ kit, shape, color }) => {
  const features = kit.material(color, 'skin');
  const white = kit.material('#f8fafc', 'skin');
  const eyeball = kit.sphere(0.02, { sides: 8, rings: 5 });
  const pupil = kit.sphere(0.013, { sides: 6, rings: 4 });
  // Brows lift for a grin and sit level when calm.
  const browLift = shape === 'grin' ? 0.008 : 0;
  const browTilt = shape === 'calm' ? 0 : 0.12;
  const meshes: THREE.Mesh[] = [];
  for (const side of SIDES) {
    const name = sideName(side);
    const x = side * EYE_X;
    if (shape === 'wink' && side === -1) {
      // A closed eye is an arch, like a smiling lid.
      meshes.push(
        kit.mesh(`face:eye-${name}`, kit.torus(0.017, 0.005, { sides: 6, arc: Math.PI }), features, [
          x,
          HEAD.eyes - 0.008,
          EYE_Z + 0.006,
        ]),
      );
    } else {
      // The white shows the eye on any skin, however close the features' colour is to it.
      meshes.push(
        kit.mesh(`face:eye-white-${name}`, eyeball, white, [x, HEAD.eyes, EYE_Z - 0.002], {
          scale: [1.1, 1.2, 0.45],
        }),
        kit.mesh(`face:eye-${name}`, pupil, features, [x, HEAD.eyes - 0.002, EYE_Z + 0.005], {
          scale: [1, 1.15, 0.5],
        }),
      );
    }
    meshes.push(
      kit.mesh(
        `face:brow-${name}`,
        kit.box(0.045, 0.01, 0.012),
        features,
        [side * 0.05, 1.688 + browLift, 0.128],
        { rotation: [0, side * 0.3, side * browTilt] },
      ),
    );
  }
  meshes.push(...drawMouth(kit, shape, features));
  return meshes;
};

function drawMouth(kit: Kit, shape: PartShape<'face'>, features: THREE.Material): THREE.Mesh[] {
  switch (shape) {
    case 'calm':
      return [kit.mesh('face:mouth', kit.box(0.05, 0.009, 0.012), features, [0, HEAD.mouth, 0.138])];
    case 'grin':
      // An open half-moon with a row of teeth along its top.
      return [
        kit.mesh(
          'face:mouth',
          kit.cylinder(0.045, 0.045, 0.012, { sides: 10, start: Math.PI / 2, arc: Math.PI }),
          features,
          [0, HEAD.mouth + 0.016, 0.132],
          { rotation: [-Math.PI / 2, 0, 0] },
        ),
        kit.mesh('face:teeth', kit.box(0.066, 0.012, 0.006), kit.material('#f8fafc', 'skin'), [
          0,
          HEAD.mouth + 0.009,
          0.139,
        ]),
      ];
    case 'wink':
      return [
        kit.mesh(
          'face:mouth',
          kit.torus(0.03, 0.007, { sides: 8, arc: Math.PI }),
          features,
          [0.008, HEAD.mouth + 0.026, 0.14],
          {
            rotation: [0.25, 0, Math.PI + 0.15],
          },
        ),
      ];
    case 'smile':
      return [
        kit.mesh(
          'face:mouth',
          kit.torus(0.036, 0.007, { sides: 8, arc: Math.PI }),
          features,
          [0, HEAD.mouth + 0.03, 0.14],
          {
            rotation: [0.25, 0, Math.PI],
          },
        ),
      ];
  }
}
