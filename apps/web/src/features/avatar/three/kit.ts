// The primitives and materials one avatar model is built from. Each model gets its own kit: a geometry or
// material asked for twice (the left and right shoe, every part in the same colour) is made once, and
// disposing the model frees exactly what it made.
import * as THREE from 'three';
import type { Point } from './figure';

/** Cloth and skin are matte; metal (gold, brass) and glass catch the light. */
export type Finish = 'cloth' | 'skin' | 'metal' | 'glass';

const FINISHES: Readonly<Record<Finish, { roughness: number; metalness: number }>> = {
  cloth: { roughness: 0.9, metalness: 0 },
  skin: { roughness: 0.75, metalness: 0 },
  // Little metalness: without an environment map a metallic surface would render nearly black.
  metal: { roughness: 0.4, metalness: 0.35 },
  glass: { roughness: 0.15, metalness: 0.1 },
};

const TAU = Math.PI * 2;
const UP = new THREE.Vector3(0, 1, 0);

/** Keys round sizes, so that two computations of the same size share a geometry. */
const key = (...values: number[]) => values.map((value) => value.toFixed(4)).join(',');

export class Kit {
  readonly #geometries = new Map<string, THREE.BufferGeometry>();
  readonly #materials = new Map<string, THREE.MeshStandardMaterial>();

  #geometry<G extends THREE.BufferGeometry>(id: string, make: () => G): G {
    const cached = this.#geometries.get(id);
    if (cached) return cached as G;
    const geometry = make();
    this.#geometries.set(id, geometry);
    return geometry;
  }

  box(width: number, height: number, depth: number): THREE.BufferGeometry {
    return this.#geometry(
      `box:${key(width, height, depth)}`,
      () => new THREE.BoxGeometry(width, height, depth),
    );
  }

  /**
   * An upright cylinder or frustum. Eight sides by default, turned so a flat side faces the front (a
   * shirt front, not a ridge); `arc` less than a full turn leaves a part of it, starting at `start`.
   */
  cylinder(
    top: number,
    bottom: number,
    height: number,
    {
      sides = 8,
      open = false,
      start,
      arc = TAU,
    }: { sides?: number; open?: boolean; start?: number; arc?: number } = {},
  ): THREE.BufferGeometry {
    start ??= Math.PI / sides;
    return this.#geometry(
      `cylinder:${key(top, bottom, height, sides, open ? 1 : 0, start, arc)}`,
      () => new THREE.CylinderGeometry(top, bottom, height, sides, 1, open, start, arc),
    );
  }

  /** A sphere, or its cap down to `cap` radians from the top. */
  sphere(radius: number, { sides = 10, rings = 7, cap = Math.PI } = {}): THREE.BufferGeometry {
    return this.#geometry(
      `sphere:${key(radius, sides, rings, cap)}`,
      // phiStart of half a side turns a flat face, not a seam, to the front.
      () => new THREE.SphereGeometry(radius, sides, rings, Math.PI / sides, TAU, 0, cap),
    );
  }

  /** A capsule whose cap centres are `length` apart. */
  capsule(radius: number, length: number, sides = 8): THREE.BufferGeometry {
    return this.#geometry(
      `capsule:${key(radius, length, sides)}`,
      () => new THREE.CapsuleGeometry(radius, length, 2, sides, 1),
    );
  }

  torus(radius: number, tube: number, { sides = 12, arc = TAU } = {}): THREE.BufferGeometry {
    return this.#geometry(
      `torus:${key(radius, tube, sides, arc)}`,
      () => new THREE.TorusGeometry(radius, tube, 4, sides, arc),
    );
  }

  cone(radius: number, height: number, sides = 6): THREE.BufferGeometry {
    return this.#geometry(
      `cone:${key(radius, height, sides)}`,
      () => new THREE.ConeGeometry(radius, height, sides),
    );
  }

  /** A faceted ball (a curl, a leaf, a pompom): twenty faces, or eight for an octahedron. */
  gem(radius: number, kind: 'icosahedron' | 'octahedron' = 'icosahedron'): THREE.BufferGeometry {
    return this.#geometry(`${kind}:${key(radius)}`, () =>
      kind === 'icosahedron'
        ? new THREE.IcosahedronGeometry(radius, 0)
        : new THREE.OctahedronGeometry(radius, 0),
    );
  }

  material(color: string, finish: Finish = 'cloth'): THREE.MeshStandardMaterial {
    const id = `${finish}:${color.toLowerCase()}`;
    let material = this.#materials.get(id);
    if (!material) {
      material = new THREE.MeshStandardMaterial({ color, flatShading: true, ...FINISHES[finish] });
      material.name = id;
      this.#materials.set(id, material);
    }
    return material;
  }

  /** A rod (a limb, a sleeve, a strap) from one point to another; capsules round both ends. */
  rod(
    name: string,
    radius: number,
    from: Point,
    to: Point,
    material: THREE.Material,
    { capsule = false, taper = 1, sides = 8 } = {},
  ): THREE.Mesh {
    const a = new THREE.Vector3(...from);
    const b = new THREE.Vector3(...to);
    const length = a.distanceTo(b);
    const geometry = capsule
      ? this.capsule(radius, length, sides)
      : this.cylinder(radius * taper, radius, length, { sides });
    const rod = place(new THREE.Mesh(geometry, material), name, a.clone().add(b).multiplyScalar(0.5));
    rod.quaternion.setFromUnitVectors(UP, b.sub(a).normalize());
    return rod;
  }

  /** A flat strip (a zip, a strap) of a width and thickness from one point to another, facing +z when upright. */
  slab(
    name: string,
    width: number,
    thickness: number,
    from: Point,
    to: Point,
    material: THREE.Material,
  ): THREE.Mesh {
    const a = new THREE.Vector3(...from);
    const b = new THREE.Vector3(...to);
    const slab = place(
      new THREE.Mesh(this.box(width, a.distanceTo(b), thickness), material),
      name,
      a.clone().add(b).multiplyScalar(0.5),
    );
    slab.quaternion.setFromUnitVectors(UP, b.sub(a).normalize());
    return slab;
  }

  mesh(name: string, geometry: THREE.BufferGeometry, material: THREE.Material, at: Point, pose: Pose = {}) {
    return place(new THREE.Mesh(geometry, material), name, new THREE.Vector3(...at), pose);
  }
}

export interface Pose {
  /** Euler angles in radians, applied in XYZ order. */
  rotation?: Point;
  scale?: Point;
}

function place(
  mesh: THREE.Mesh,
  name: string,
  at: THREE.Vector3,
  { rotation, scale }: Pose = {},
): THREE.Mesh {
  mesh.name = name;
  mesh.position.copy(at);
  if (rotation) mesh.rotation.set(...rotation);
  if (scale) mesh.scale.set(...scale);
  return mesh;
}

/** Triangles drawn for an object and everything in it. */
export function triangleCount(root: THREE.Object3D): number {
  let triangles = 0;
  root.traverse((object) => {
    if (!(object instanceof THREE.Mesh)) return;
    const geometry = object.geometry as THREE.BufferGeometry;
    triangles += (geometry.index?.count ?? geometry.getAttribute('position').count) / 3;
  });
  return triangles;
}
