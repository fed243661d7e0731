// The avatar as a GLB file (SPEC.md §7: the download is the model file). glTF has no flat-shading switch,
// so the file carries a normal per face instead: opened elsewhere, it looks as faceted as in the viewer.
import * as THREE from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';

/**
 * A sphere's poles have triangles of no area, whose computed normal is zero; glTF wants unit normals, and
 * the exporter would otherwise warn and copy the whole attribute to fix them.
 */
function pointDegenerateNormalsUp(normals: THREE.BufferAttribute | THREE.InterleavedBufferAttribute) {
  const normal = new THREE.Vector3();
  for (let index = 0; index < normals.count; index++) {
    normal.fromBufferAttribute(normals, index);
    if (normal.lengthSq() < 0.25) normals.setXYZ(index, 0, 1, 0);
  }
}

/** A copy of the model whose geometries have one normal per face and no texture coordinates. */
function facetedCopy(model: THREE.Object3D): { copy: THREE.Object3D; geometries: THREE.BufferGeometry[] } {
  const faceted = new Map<THREE.BufferGeometry, THREE.BufferGeometry>();
  const copy = model.clone();
  copy.traverse((object) => {
    if (!(object instanceof THREE.Mesh)) return;
    const geometry = object.geometry as THREE.BufferGeometry;
    let flat = faceted.get(geometry);
    if (!flat) {
      flat = geometry.index ? geometry.toNonIndexed() : geometry.clone();
      // Nothing is textured, so the coordinates would only add weight.
      flat.deleteAttribute('uv');
      flat.deleteAttribute('normal');
      flat.computeVertexNormals();
      pointDegenerateNormalsUp(flat.getAttribute('normal'));
      faceted.set(geometry, flat);
    }
    object.geometry = flat;
  });
  return { copy, geometries: [...faceted.values()] };
}

/** The model, without the viewer's turn, as a binary glTF (GLB). */
export async function exportGlb(model: THREE.Object3D): Promise<ArrayBuffer> {
  const { copy, geometries } = facetedCopy(model);
  try {
    const result = await new GLTFExporter().parseAsync(copy, { binary: true });
    if (!(result instanceof ArrayBuffer))
      throw new Error('The GLB export returned JSON instead of a binary file.');
    return result;
  } finally {
    geometries.forEach((geometry) => geometry.dispose());
  }
}
