// @vitest-environment happy-dom
// The GLB download, made by three.js's GLTFExporter without WebGL (happy-dom gives it Blob and FileReader).
import type { Mesh } from 'three';
import { describe, expect, it } from 'vitest';
import { AVATAR_CATEGORIES } from '@waymarks/shared';
import { exportGlb } from './export';
import { buildAvatarModel, disposeModel } from './model';

const LOOK = {
  skin: { shape: 'skin', color: '#c98e62' },
  hair: { shape: 'short', color: '#5a3a22' },
  top: { shape: 'tshirt', color: '#2f7d6d' },
  bottom: { shape: 'trousers', color: '#2d4a7a' },
  shoes: { shape: 'sneakers', color: '#f2f2f2' },
  headwear: { shape: 'cap', color: '#2f7d6d' },
  accessory: { shape: 'backpack', color: '#c2410c' },
  flag: { shape: 'flag', color: 'FR' },
};

/** The JSON chunk of a GLB: after the 12-byte header, a chunk length and type, then the text. */
function glbJson(glb: ArrayBuffer): { nodes: { name?: string }[]; asset: { version: string } } {
  const view = new DataView(glb);
  const length = view.getUint32(12, true);
  expect(view.getUint32(16, true)).toBe(0x4e4f534a); // 'JSON'
  return JSON.parse(new TextDecoder().decode(new Uint8Array(glb, 20, length)));
}

describe('exportGlb', () => {
  it('writes a binary glTF 2 file naming every part group', async () => {
    const model = buildAvatarModel(LOOK);

    const glb = await exportGlb(model);

    const view = new DataView(glb);
    expect(new TextDecoder().decode(new Uint8Array(glb, 0, 4))).toBe('glTF');
    expect(view.getUint32(4, true)).toBe(2);
    expect(view.getUint32(8, true)).toBe(glb.byteLength);
    const json = glbJson(glb);
    expect(json.asset.version).toBe('2.0');
    const names = json.nodes.map((node) => node.name);
    // The look wears every category but body and face, which fall back.
    for (const category of AVATAR_CATEGORIES) expect(names).toContain(`part:${category}`);
    expect(names).toContain('skin:head');
    expect(glb.byteLength).toBeLessThan(1024 * 1024);
    disposeModel(model);
  });

  it('leaves the model it exports untouched', async () => {
    const model = buildAvatarModel(LOOK);
    const head = model.getObjectByName('skin:head') as Mesh;
    const geometry = head.geometry;

    await exportGlb(model);

    expect(head.geometry).toBe(geometry);
    expect(geometry.getAttribute('uv')).toBeDefined();
    disposeModel(model);
  });
});
