// The model's parts: one named group per worn category, fallbacks for the figure itself, parts that do not
// disturb each other, and a triangle budget that holds for the heaviest outfit.
import * as THREE from 'three';
import { describe, expect, it, vi } from 'vitest';
import { AVATAR_CATEGORIES, avatarItems, type AvatarCategory } from '@waymarks/shared';
import { triangleCount } from './kit';
import { type AvatarLook, PART_SHAPES } from './look';
import { buildAvatarModel, disposeModel, partGroupName } from './model';

const TRIANGLE_BUDGET = 6000;

const OUTFIT: Required<AvatarLook> = {
  body: { shape: 'regular', color: '#000000' },
  skin: { shape: 'skin', color: '#c98e62' },
  face: { shape: 'grin', color: '#3b2a20' },
  hair: { shape: 'long', color: '#d8b26a' },
  top: { shape: 'hoodie', color: '#4b5563' },
  bottom: { shape: 'shorts', color: '#c2b280' },
  shoes: { shape: 'sandals', color: '#8b5a2b' },
  headwear: { shape: 'cap', color: '#2f7d6d' },
  accessory: { shape: 'backpack', color: '#c2410c' },
  flag: { shape: 'flag', color: 'FR' },
};

function part(model: THREE.Object3D, category: AvatarCategory): THREE.Object3D | undefined {
  return model.getObjectByName(partGroupName(category));
}

function meshesOf(root: THREE.Object3D): THREE.Mesh[] {
  const meshes: THREE.Mesh[] = [];
  root.traverse((object) => {
    if (object instanceof THREE.Mesh) meshes.push(object);
  });
  return meshes;
}

/** What a group draws, compared by value: each mesh's name, shape, colour and place. */
function signature(group: THREE.Object3D | undefined): string {
  if (!group) return 'absent';
  return JSON.stringify(
    meshesOf(group).map((mesh) => {
      const geometry = mesh.geometry as THREE.BufferGeometry & { parameters?: unknown };
      const material = mesh.material as THREE.MeshStandardMaterial;
      return [
        mesh.name,
        geometry.type,
        geometry.parameters,
        material.color.getHexString(),
        mesh.position.toArray().map((value) => value.toFixed(5)),
        mesh.quaternion.toArray().map((value) => value.toFixed(5)),
        mesh.scale.toArray(),
      ];
    }),
  );
}

describe('buildAvatarModel', () => {
  it('draws a group named part:<category> for every worn category, with the chosen shape', () => {
    const model = buildAvatarModel(OUTFIT);

    for (const category of AVATAR_CATEGORIES) {
      const group = part(model, category);
      expect(group, category).toBeInstanceOf(THREE.Group);
      expect(group?.userData.shape).toBe(OUTFIT[category].shape);
      expect(meshesOf(group!).length, category).toBeGreaterThan(0);
    }
  });

  it.each(
    AVATAR_CATEGORIES.flatMap((category) =>
      PART_SHAPES[category].map((shape) => [category, shape] as [AvatarCategory, string]),
    ),
  )('draws %s %s, differently from the category’s other shapes', (category, shape) => {
    const drawn = part(buildAvatarModel({ ...OUTFIT, [category]: { ...OUTFIT[category], shape } }), category);

    expect(drawn?.userData.shape).toBe(shape);
    for (const other of PART_SHAPES[category].filter((candidate) => candidate !== shape)) {
      const otherDrawn = part(
        buildAvatarModel({ ...OUTFIT, [category]: { ...OUTFIT[category], shape: other } }),
        category,
      );
      // The body's shape is its build: its meshes are the same, their sizes differ.
      expect(signature(otherDrawn), `${category} ${shape} vs ${other}`).not.toBe(signature(drawn));
    }
  });

  it('draws every part of the catalogue', () => {
    for (const item of avatarItems()) {
      const group = part(buildAvatarModel({ [item.category]: item.look }), item.category);
      expect(group?.userData.shape, item.id).toBe(item.look.shape);
    }
  });

  it.each(['hair', 'top', 'bottom', 'shoes', 'headwear', 'accessory', 'flag', 'face'] as const)(
    'changes only the %s group when the %s changes',
    (category) => {
      const before = buildAvatarModel(OUTFIT);
      const shapes = PART_SHAPES[category] as readonly string[];
      const shape =
        shapes.find((candidate) => candidate !== OUTFIT[category].shape) ?? OUTFIT[category].shape;
      const color = category === 'flag' ? 'JP' : '#123456';
      const after = buildAvatarModel({ ...OUTFIT, [category]: { shape, color } });

      for (const other of AVATAR_CATEGORIES) {
        const same = signature(part(before, other)) === signature(part(after, other));
        expect(same, other).toBe(other !== category);
      }
    },
  );

  it('keeps clothes fitted to the build: a broad body changes the body and what is worn on it', () => {
    const regular = buildAvatarModel(OUTFIT);
    const broad = buildAvatarModel({ ...OUTFIT, body: { shape: 'broad', color: '#000000' } });

    expect(signature(part(broad, 'body'))).not.toBe(signature(part(regular, 'body')));
    expect(signature(part(broad, 'top'))).not.toBe(signature(part(regular, 'top')));
    for (const unchanged of ['face', 'hair', 'headwear'] as const) {
      expect(signature(part(broad, unchanged))).toBe(signature(part(regular, unchanged)));
    }
  });

  it('falls back to a regular build, sand skin and a smile, and draws nothing else, for an empty look', () => {
    const model = buildAvatarModel({});

    expect(part(model, 'body')?.userData).toMatchObject({ shape: 'regular' });
    expect(part(model, 'skin')?.userData).toMatchObject({ shape: 'skin', color: '#e8b896' });
    expect(part(model, 'face')?.userData).toMatchObject({ shape: 'smile' });
    expect(model.children.map((group) => group.name)).toEqual(['part:body', 'part:skin', 'part:face']);
    const head = model.getObjectByName('skin:head') as THREE.Mesh;
    expect((head.material as THREE.MeshStandardMaterial).color.getHexString()).toBe(
      new THREE.Color('#e8b896').getHexString(),
    );
  });

  it('draws a shape from a newer catalogue as the category’s first shape, and an unreadable colour neutrally', () => {
    const model = buildAvatarModel({ top: { shape: 'cape', color: 'not a colour' } });

    expect(part(model, 'top')?.userData).toMatchObject({ shape: 'tshirt', color: '#9ca3af' });
  });

  it('stands about 1.8 tall on y = 0', () => {
    const box = new THREE.Box3().setFromObject(buildAvatarModel({ ...OUTFIT, headwear: undefined }));

    expect(box.min.y).toBeCloseTo(0, 2);
    expect(box.max.y).toBeGreaterThan(1.75);
    expect(box.max.y).toBeLessThan(1.9);
  });

  it('puts sunglasses in front of the eyes, the backpack on the back and the camera at the chest', () => {
    const model = (accessory: string) =>
      buildAvatarModel({ ...OUTFIT, accessory: { shape: accessory, color: '#111827' } });
    const centre = (root: THREE.Object3D, name: string) =>
      new THREE.Box3().setFromObject(root.getObjectByName(name)!).getCenter(new THREE.Vector3());

    const withSunglasses = model('sunglasses');
    const eye = centre(withSunglasses, 'face:eye-left');
    const lens = centre(withSunglasses, 'accessory:lens-left');
    expect(lens.z).toBeGreaterThan(eye.z);
    expect(Math.abs(lens.y - eye.y)).toBeLessThan(0.02);
    expect(centre(model('backpack'), 'accessory:pack').z).toBeLessThan(-0.1);
    const camera = centre(model('camera'), 'accessory:camera-body');
    expect(camera.z).toBeGreaterThan(0.1);
    expect(camera.y).toBeGreaterThan(1);
    expect(camera.y).toBeLessThan(1.3);
  });

  it('draws shorts above the knee, a coat to the knee and boots higher than sneakers', () => {
    const lowest = (look: AvatarLook, category: AvatarCategory) =>
      new THREE.Box3().setFromObject(part(buildAvatarModel({ ...OUTFIT, ...look }), category)!);

    expect(lowest({ bottom: { shape: 'shorts', color: '#c2b280' } }, 'bottom').min.y).toBeGreaterThan(0.55);
    expect(lowest({ bottom: { shape: 'trousers', color: '#2d4a7a' } }, 'bottom').min.y).toBeLessThan(0.15);
    const coat = lowest({ top: { shape: 'coat', color: '#6b2d1f' } }, 'top').min.y;
    expect(coat).toBeGreaterThan(0.4);
    expect(coat).toBeLessThan(0.55);
    const boots = lowest({ shoes: { shape: 'boots', color: '#5b3a29' } }, 'shoes').max.y;
    const sneakers = lowest({ shoes: { shape: 'sneakers', color: '#f2f2f2' } }, 'shoes').max.y;
    expect(boots).toBeGreaterThan(sneakers + 0.1);
  });

  it('names every mesh after its category', () => {
    const model = buildAvatarModel(OUTFIT);

    for (const group of model.children) {
      const category = group.userData.category as string;
      for (const mesh of meshesOf(group)) expect(mesh.name).toMatch(new RegExp(`^${category}:[a-z0-9-]+$`));
    }
  });

  it(`stays under ${TRIANGLE_BUDGET} triangles in the heaviest outfit`, () => {
    // Parts do not change each other's meshes, so the heaviest outfit takes each category's heaviest shape.
    const heaviest: AvatarLook = {};
    for (const category of AVATAR_CATEGORIES) {
      const color = category === 'flag' ? 'US' : '#808080';
      const [shape] = PART_SHAPES[category]
        .map((candidate) => {
          const group = part(buildAvatarModel({ [category]: { shape: candidate, color } }), category)!;
          return [candidate, triangleCount(group)] as const;
        })
        .sort((a, b) => b[1] - a[1])[0]!;
      heaviest[category] = { shape, color };
    }
    heaviest.body = { shape: 'broad', color: '#000000' };

    const triangles = triangleCount(buildAvatarModel(heaviest));

    expect(triangles).toBeLessThan(TRIANGLE_BUDGET);
    expect(triangles).toBeGreaterThan(1000);
  });

  it('shares geometries and materials between meshes', () => {
    const meshes = meshesOf(buildAvatarModel(OUTFIT));

    expect(new Set(meshes.map((mesh) => mesh.geometry)).size).toBeLessThan(meshes.length);
    expect(new Set(meshes.map((mesh) => mesh.material)).size).toBeLessThan(meshes.length / 3);
  });
});

describe('disposeModel', () => {
  it('disposes each geometry and material once and takes the model out of its parent', () => {
    const scene = new THREE.Scene();
    const model = buildAvatarModel(OUTFIT);
    scene.add(model);
    const meshes = meshesOf(model);
    const geometries = [...new Set(meshes.map((mesh) => mesh.geometry))];
    const materials = [...new Set(meshes.map((mesh) => mesh.material as THREE.Material))];
    const disposals = [...geometries, ...materials].map((resource) => vi.spyOn(resource, 'dispose'));

    disposeModel(model);

    for (const dispose of disposals) expect(dispose).toHaveBeenCalledTimes(1);
    expect(model.parent).toBeNull();
  });
});
