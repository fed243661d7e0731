// The basemap's cutting thread: cuts every tile of the zooms it is asked for, band by band (1:50m first,
// so world views are served within a second or two), posts them to basemap-tiles.ts and ends. The
// geojson-vt indexes, which keep every tile they cut (the process peaks near 450 MB), go with the thread;
// the server's heap keeps only the encoded tiles.
import { parentPort, workerData } from 'node:worker_threads';
import { basemapLayers, readWorldAtlas } from './basemap-layers.js';
import { BASEMAP_BANDS, cutBand, tileEtag } from './basemap-pyramid.js';

export interface BasemapCutJob {
  /** The zooms to cut; the others are served already. */
  zooms: number[];
}

/** Tiles of zoom z as they are cut; their bytes are moved, not copied. */
export interface BasemapTilesMessage {
  kind: 'tiles';
  z: number;
  tiles: { x: number; y: number; etag: string; bytes: ArrayBuffer }[];
}
/** Every tile of zoom z with features has been posted: the others of the zoom are open ocean. */
export interface BasemapZoomMessage {
  kind: 'zoom';
  z: number;
}
export type BasemapCutMessage = BasemapTilesMessage | BasemapZoomMessage;

/** Tiles per message: each message is cloned on the server's event loop, so it stays a short step. */
const BATCH = 256;

const port = parentPort;
if (!port) throw new Error('basemap-worker runs as a worker thread, started by basemap-tiles.ts');
const { zooms } = workerData as BasemapCutJob;
for (const band of BASEMAP_BANDS) {
  if (!zooms.some((z) => z >= band.minZoom && z <= band.maxZoom)) continue;
  for (const { z, tiles } of cutBand(basemapLayers(readWorldAtlas(band.resolution)), band)) {
    if (!zooms.includes(z)) continue;
    for (let i = 0; i < tiles.length; i += BATCH) {
      const batch = tiles.slice(i, i + BATCH).map(({ x, y, bytes }) => ({
        x,
        y,
        etag: tileEtag(bytes),
        bytes: bytes.buffer as ArrayBuffer,
      }));
      const message: BasemapTilesMessage = { kind: 'tiles', z, tiles: batch };
      port.postMessage(
        message,
        batch.map((tile) => tile.bytes),
      );
    }
    port.postMessage({ kind: 'zoom', z } satisfies BasemapZoomMessage);
  }
}
