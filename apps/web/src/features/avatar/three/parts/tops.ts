// Tops, from a T-shirt to a knee-length coat. Each is a shell over the torso with sleeves down the arms;
// what tells them apart is length, puffiness, sleeve length and a few details (hood, collar, belt).
import type * as THREE from 'three';
import { armPoint, type Build, depthScale, LEVELS, SIDES, torsoHalfWidth } from '../figure';
import { tone, trimTone } from '../color';
import type { Kit } from '../kit';
import { SKIRT_FLARE, TOP_CUTS, type TopCut } from '../cuts';
import type { PartShape } from '../look';
import { type DrawPart, sideName } from './part';

const FRONT = Math.cos(Math.PI / 8);

/** Half the width of a top at a height, over the torso or flaring below the hips. */
function halfWidth(build: Build, cut: TopCut, y: number): number {
  return y >= LEVELS.hip
    ? torsoHalfWidth(build, y) + cut.grow
    : build.hip + cut.grow + (LEVELS.hip - y) * SKIRT_FLARE;
}

/** The top's flat front at a height, where its zips, pockets and buttons sit. */
function frontZ(build: Build, cut: TopCut, y: number): number {
  return halfWidth(build, cut, y) * depthScale(build) * FRONT;
}

/** The torso shell, shoulders and sleeves every top has, in its cut. */
function garment(
  kit: Kit,
  build: Build,
  cut: TopCut,
  cloth: THREE.Material,
  trim: THREE.Material,
): THREE.Mesh[] {
  const squash = depthScale(build);
  const top = LEVELS.shoulder + 0.005;
  const waist = Math.max(cut.hem, LEVELS.hip);
  const meshes: THREE.Mesh[] = [
    kit.mesh(
      'top:body',
      kit.cylinder(halfWidth(build, cut, top), halfWidth(build, cut, waist), top - waist),
      cloth,
      [0, (top + waist) / 2, 0],
      { scale: [1, 1, squash] },
    ),
    kit.mesh(
      'top:shoulders',
      kit.cylinder(0.08, build.shoulder + cut.grow, 0.065),
      cloth,
      [0, top + 0.0325, 0],
      {
        scale: [1, 1, squash],
      },
    ),
  ];
  if (cut.hem < LEVELS.hip) {
    const length = LEVELS.hip - cut.hem;
    meshes.push(
      kit.mesh(
        'top:skirt',
        kit.cylinder(halfWidth(build, cut, LEVELS.hip), halfWidth(build, cut, cut.hem), length),
        cloth,
        [0, cut.hem + length / 2, 0],
        { scale: [1, 1, squash] },
      ),
    );
  }
  const sleeveRadius = build.armRadius + cut.grow + 0.006;
  const short = cut.sleeve < 1;
  for (const side of SIDES) {
    const name = sideName(side);
    const end = armPoint(build, side, cut.sleeve);
    meshes.push(
      kit.mesh(
        `top:shoulder-${name}`,
        kit.sphere(build.armRadius * 1.25 + cut.grow, { sides: 8, rings: 6 }),
        cloth,
        armPoint(build, side, 0),
      ),
      // Short sleeves open wider at the end; long ones narrow to the wrist.
      kit.rod(`top:sleeve-${name}`, sleeveRadius, armPoint(build, side, 0), end, cloth, {
        taper: short ? 1.12 : 0.92,
      }),
    );
    if (cut.cuffs) {
      const cuffRadius = sleeveRadius * (short ? 1.14 : 0.98);
      meshes.push(
        kit.rod(`top:cuff-${name}`, cuffRadius, armPoint(build, side, cut.sleeve - 0.07), end, trim),
      );
    }
  }
  return meshes;
}

/** A band around the top at a height: a waistband, a belt, a parka's quilting. */
function band(
  kit: Kit,
  build: Build,
  cut: TopCut,
  name: string,
  y: number,
  height: number,
  material: THREE.Material,
) {
  const radius = halfWidth(build, cut, y) + 0.006;
  return kit.mesh(name, kit.cylinder(radius, radius, height), material, [0, y, 0], {
    scale: [1, 1, depthScale(build)],
  });
}

/** A strip down the front (a zip, a placket, a coat's opening) from the hem to the neck. */
function frontStrip(
  kit: Kit,
  build: Build,
  cut: TopCut,
  name: string,
  width: number,
  material: THREE.Material,
) {
  const at = (y: number) => [0, y, frontZ(build, cut, y) + 0.003] as const;
  const neck = LEVELS.shoulder;
  if (cut.hem >= LEVELS.hip) return [kit.slab(name, width, 0.008, at(cut.hem), at(neck), material)];
  // Over the torso and down the flaring skirt, which lean different ways.
  return [
    kit.slab(name, width, 0.008, at(LEVELS.hip), at(neck), material),
    kit.slab(`${name}-skirt`, width, 0.008, at(cut.hem), at(LEVELS.hip), material),
  ];
}

/** A hood lying on the back, below the head. */
function hood(kit: Kit, size: number, material: THREE.Material) {
  return kit.mesh(
    'top:hood',
    kit.sphere(size, { sides: 10, rings: 6 }),
    material,
    [0, LEVELS.neck + 0.01, -0.1],
    {
      scale: [1.1, 0.75, 0.75],
    },
  );
}

/** Something flat on the front of the top: a pocket, a flap, a button. */
function onFront(
  kit: Kit,
  build: Build,
  cut: TopCut,
  name: string,
  [width, height, thickness]: readonly [number, number, number],
  x: number,
  y: number,
  material: THREE.Material,
  tilt: readonly [number, number, number] = [0, 0, 0],
) {
  const z = frontZ(build, cut, y) + thickness / 2;
  return kit.mesh(name, kit.box(width, height, thickness), material, [x, y, z], { rotation: tilt });
}

export const drawTop: DrawPart<PartShape<'top'>> = ({ kit, build, shape, color }) => {
  const cut = TOP_CUTS[shape];
  const cloth = kit.material(color);
  const trim = kit.material(trimTone(color));
  const meshes = garment(kit, build, cut, cloth, trim);
  const neckline = LEVELS.neck + 0.01;

  switch (shape) {
    case 'tshirt':
      meshes.push(
        kit.mesh('top:collar', kit.torus(0.064, 0.01), trim, [0, neckline, 0], {
          rotation: [Math.PI / 2, 0, 0],
        }),
      );
      break;
    case 'hoodie': {
      const strings = kit.material(tone(color, 0.3));
      meshes.push(
        hood(kit, 0.15, cloth),
        kit.mesh('top:hood-rim', kit.torus(0.085, 0.022, { sides: 10 }), trim, [0, neckline + 0.005, -0.01], {
          rotation: [Math.PI / 2 - 0.35, 0, 0],
        }),
        onFront(
          kit,
          build,
          cut,
          'top:pocket',
          [build.shoulder, 0.1, 0.016],
          0,
          0.96,
          kit.material(tone(color, -0.03)),
        ),
        band(kit, build, cut, 'top:waistband', cut.hem + 0.025, 0.05, trim),
      );
      for (const side of SIDES) {
        const from = [side * 0.03, 1.43, frontZ(build, cut, 1.41) + 0.008] as const;
        const to = [side * 0.036, 1.3, frontZ(build, cut, 1.3) + 0.008] as const;
        meshes.push(kit.rod(`top:drawstring-${sideName(side)}`, 0.006, from, to, strings));
      }
      break;
    }
    case 'shirt': {
      const buttons = kit.material(tone(color, 0.3));
      meshes.push(...frontStrip(kit, build, cut, 'top:placket', 0.026, trim));
      [1.0, 1.12, 1.24, 1.36].forEach((y, index) => {
        meshes.push(
          onFront(kit, build, cut, `top:button-${index + 1}`, [0.014, 0.014, 0.016], 0, y, buttons),
        );
      });
      for (const side of SIDES) {
        const name = sideName(side);
        meshes.push(
          onFront(kit, build, cut, `top:collar-${name}`, [0.07, 0.045, 0.014], side * 0.045, 1.44, trim, [
            -0.35,
            0,
            side * 0.55,
          ]),
          onFront(
            kit,
            build,
            cut,
            `top:pocket-${name}`,
            [0.075, 0.08, 0.012],
            side * build.shoulder * 0.45,
            1.27,
            trim,
          ),
        );
      }
      break;
    }
    case 'jacket': {
      meshes.push(
        kit.mesh('top:collar', kit.cylinder(0.078, 0.086, 0.075, { open: true, sides: 10 }), cloth, [
          0,
          neckline,
          0,
        ]),
        ...frontStrip(kit, build, cut, 'top:zip', 0.012, kit.material('#374151')),
        band(kit, build, cut, 'top:hem', cut.hem + 0.02, 0.04, trim),
      );
      for (const side of SIDES) {
        const x = side * build.hip * 0.62;
        meshes.push(
          onFront(kit, build, cut, `top:pocket-flap-${sideName(side)}`, [0.085, 0.022, 0.012], x, 0.98, trim),
        );
      }
      break;
    }
    case 'parka': {
      meshes.push(
        hood(kit, 0.18, cloth),
        kit.mesh(
          'top:fur-trim',
          kit.torus(0.105, 0.032, { sides: 10 }),
          kit.material('#efe6d8'),
          [0, neckline + 0.01, -0.02],
          {
            rotation: [Math.PI / 2 - 0.4, 0, 0],
          },
        ),
        ...frontStrip(kit, build, cut, 'top:zip', 0.03, trim),
        band(kit, build, cut, 'top:quilt-1', 1.0, 0.018, trim),
        band(kit, build, cut, 'top:quilt-2', 1.2, 0.018, trim),
        band(kit, build, cut, 'top:hem', cut.hem + 0.02, 0.04, trim),
      );
      for (const side of SIDES) {
        const x = side * halfWidth(build, cut, 0.8) * 0.55;
        meshes.push(onFront(kit, build, cut, `top:pocket-${sideName(side)}`, [0.1, 0.1, 0.02], x, 0.8, trim));
      }
      break;
    }
    case 'coat': {
      const dark = kit.material(tone(color, -0.18));
      const lapel = kit.material(tone(color, 0.05));
      meshes.push(
        kit.mesh('top:collar', kit.cylinder(0.08, 0.092, 0.08, { open: true, sides: 10 }), cloth, [
          0,
          neckline + 0.01,
          0,
        ]),
        band(kit, build, cut, 'top:belt', LEVELS.waist, 0.04, dark),
        onFront(
          kit,
          build,
          cut,
          'top:buckle',
          [0.05, 0.045, 0.024],
          0,
          LEVELS.waist,
          kit.material('#c9a227', 'metal'),
        ),
        ...frontStrip(kit, build, cut, 'top:opening', 0.008, dark),
      );
      for (const side of SIDES) {
        const name = sideName(side);
        meshes.push(
          onFront(kit, build, cut, `top:lapel-${name}`, [0.06, 0.17, 0.014], side * 0.06, 1.33, lapel, [
            0,
            0,
            -side * 0.35,
          ]),
        );
        [1.1, 1.22].forEach((y, index) => {
          meshes.push(
            onFront(
              kit,
              build,
              cut,
              `top:button-${name}-${index + 1}`,
              [0.018, 0.018, 0.016],
              side * 0.05,
              y,
              dark,
            ),
          );
        });
      }
      break;
    }
  }
  return meshes;
};
