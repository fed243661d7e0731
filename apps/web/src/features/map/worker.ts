// MapLibre set up for this app's build. Bundled, maplibre-gl can no longer find its worker next to its
// own module, so the worker file is emitted as an asset and named here: a same-origin module worker, which
// CSP `worker-src 'self'` allows (MapLibre only falls back to blob: URLs for a cross-origin worker).
// Importing this module also brings MapLibre's CSS, so both stay in the map's chunk.
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map.css';

let configured = false;

/** The maplibre-gl module, with its worker URL set (once). */
export function setupMaplibre(): typeof maplibregl {
  if (!configured) {
    maplibregl.setWorkerUrl(workerUrl);
    configured = true;
  }
  return maplibregl;
}
