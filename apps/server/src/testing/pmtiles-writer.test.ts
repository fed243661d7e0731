import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, zxyToTileId, type Source } from 'pmtiles';
import { describe, expect, it } from 'vitest';
import { tileId, writePmtiles } from './pmtiles-writer.js';
import {
  EXTRACT_BOUNDS,
  EXTRACT_MAX_ZOOM,
  EXTRACT_MIN_ZOOM,
  EXTRACT_MOTORWAY_LNG,
  streetExtract,
  tileAt,
} from './street-extract.js';

/** The PMTiles reader the browser uses, reading an archive from memory instead of over HTTP. */
function reader(archive: Buffer): PMTiles {
  const source: Source = {
    getKey: () => 'memory',
    getBytes: async (offset, length) => ({
      data: new Uint8Array(archive.subarray(offset, offset + length)).buffer,
    }),
  };
  return new PMTiles(source);
}

describe('the PMTiles writer', () => {
  it('numbers tiles along the Hilbert curve as PMTiles readers do', () => {
    for (const [z, x, y] of [
      [0, 0, 0],
      [1, 1, 0],
      [3, 5, 2],
      [12, 1943, 1551],
      [14, 7777, 6205],
      [20, 123456, 654321],
    ] as const) {
      expect(tileId(z, x, y)).toBe(zxyToTileId(z, x, y));
    }
  });

  it('writes an archive the PMTiles reader opens: header, metadata and each tile', async () => {
    const tiles = [
      { z: 2, x: 1, y: 1, data: new Uint8Array([1, 2, 3]) },
      { z: 0, x: 0, y: 0, data: new Uint8Array([9]) },
      { z: 2, x: 3, y: 0, data: new Uint8Array(500).fill(7) },
    ];
    const archive = reader(writePmtiles(tiles, { bounds: [-10, 35, 5, 45], metadata: { name: 'tiny' } }));
    expect(await archive.getHeader()).toMatchObject({
      specVersion: 3,
      minZoom: 0,
      maxZoom: 2,
      minLon: -10,
      minLat: 35,
      maxLon: 5,
      maxLat: 45,
      numAddressedTiles: 3,
      clustered: true,
    });
    expect(await archive.getMetadata()).toEqual({ name: 'tiny' });
    for (const { z, x, y, data } of tiles) {
      const tile = await archive.getZxy(z, x, y);
      expect(new Uint8Array(tile?.data ?? new ArrayBuffer(0))).toEqual(data);
    }
    expect(await archive.getZxy(2, 0, 0)).toBeUndefined();
  });

  it('refuses the same tile twice', () => {
    const tile = { z: 1, x: 0, y: 0, data: new Uint8Array([1]) };
    expect(() => writePmtiles([tile, tile], { bounds: [-1, -1, 1, 1] })).toThrow('given twice');
  });
});

describe('the street extract', () => {
  const archive = reader(streetExtract());

  it('covers central Lisbon from zoom 12 to 14', async () => {
    const header = await archive.getHeader();
    expect([header.minZoom, header.maxZoom]).toEqual([EXTRACT_MIN_ZOOM, EXTRACT_MAX_ZOOM]);
    expect([header.minLon, header.minLat, header.maxLon, header.maxLat]).toEqual(EXTRACT_BOUNDS);
  });

  it('holds Protomaps-schema vector tiles: land, water, a park and a motorway in Baixa at zoom 14', async () => {
    const { x, y } = tileAt(EXTRACT_MAX_ZOOM, EXTRACT_MOTORWAY_LNG, 38.72);
    const bytes = (await archive.getZxy(EXTRACT_MAX_ZOOM, x, y))?.data;
    if (!bytes) throw new Error('no tile in Baixa');
    const tile = new VectorTile(new PbfReader(new Uint8Array(bytes)));
    expect(Object.keys(tile.layers).sort()).toEqual(['earth', 'landuse', 'roads']);
    expect(tile.layers.landuse?.feature(0).properties).toEqual({ kind: 'park' });
    const road = tile.layers.roads?.feature(0).toGeoJSON(x, y, EXTRACT_MAX_ZOOM);
    expect(road?.properties).toMatchObject({ kind: 'highway' });
    expect(road?.geometry).toMatchObject({ type: 'LineString' });
    const [lng] = road?.geometry.type === 'LineString' ? (road.geometry.coordinates[0] ?? []) : [];
    expect(lng).toBeCloseTo(EXTRACT_MOTORWAY_LNG, 4);
  });
});
