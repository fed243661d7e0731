// The avatar as a three.js group: one child group per worn category (`part:<category>`, its shape in
// userData), so the creator can find a part and a test can tell what was drawn.
import * as THREE from 'three';
import { AVATAR_CATEGORIES, type AvatarCategory } from '@waymarks/shared';
import { BUILDS } from './figure';
import { Kit } from './kit';
import { type AvatarLook, type PartShape, wornLook } from './look';
import { drawAccessory, drawFlag } from './parts/gear';
import { drawHair, drawHeadwear } from './parts/head';
import { drawBottom, drawShoes } from './parts/legwear';
import type { DrawPart } from './parts/part';
import { drawBody, drawFace, drawSkin } from './parts/person';
import { drawTop } from './parts/tops';

const DRAWINGS: { readonly [C in AvatarCategory]: DrawPart<PartShape<C>> } = {
  body: drawBody,
  skin: drawSkin,
  face: drawFace,
  hair: drawHair,
  top: drawTop,
  bottom: drawBottom,
  shoes: drawShoes,
  headwear: drawHeadwear,
  accessory: drawAccessory,
  flag: drawFlag,
};

export const PART_GROUP_PREFIX = 'part:';

export function partGroupName(category: AvatarCategory): string {
  return `${PART_GROUP_PREFIX}${category}`;
}

/**
 * A low-poly figure about 1.8 tall, standing on y = 0 and facing +z, wearing the look. Categories the look
 * leaves out draw nothing, except that every figure has a build, a skin and a face (LOOK_FALLBACKS).
 */
export function buildAvatarModel(look: AvatarLook): THREE.Group {
  const worn = wornLook(look);
  const kit = new Kit();
  const build = BUILDS[worn.body.shape];
  const model = new THREE.Group();
  model.name = 'avatar';
  for (const category of AVATAR_CATEGORIES) {
    const part = worn[category];
    if (!part) continue;
    const group = new THREE.Group();
    group.name = partGroupName(category);
    group.userData = { category, shape: part.shape, color: part.color };
    // wornLook gives each category one of its own shapes, which is what its drawing takes.
    const draw = DRAWINGS[category] as DrawPart;
    group.add(...draw({ kit, build, shape: part.shape, color: part.color, skin: worn.skin.color }));
    model.add(group);
  }
  return model;
}

/** Frees the GPU memory of a model's geometries and materials; the model must not be drawn again. */
export function disposeModel(model: THREE.Object3D): void {
  const geometries = new Set<THREE.BufferGeometry>();
  const materials = new Set<THREE.Material>();
  model.traverse((object) => {
    if (!(object instanceof THREE.Mesh)) return;
    geometries.add(object.geometry as THREE.BufferGeometry);
    for (const material of [object.material].flat() as THREE.Material[]) materials.add(material);
  });
  geometries.forEach((geometry) => geometry.dispose());
  materials.forEach((material) => material.dispose());
  model.removeFromParent();
}
