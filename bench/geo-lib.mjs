// Shared by the geodata benchmarks (geo-load, geo-search, geo-reverse): the server's geo code bundled
// with esbuild exactly as the server build bundles it (npm packages external, @waymarks/shared compiled
// in), so the benchmarks run the production code without a TypeScript loader.
import { bundleServerCode, performance } from './lib.mjs';

export { percentile, seededRandom } from './lib.mjs';

const ENTRY = `
export { GazetteerService, loadSources, runAtOnce, runInSlices } from './apps/server/src/geo/gazetteer-service.ts';
export { buildGazetteer } from './apps/server/src/geo/gazetteer-builder.ts';
export { normalizeName } from './apps/server/src/geo/normalize.ts';
export { placeScore, reachKm } from './apps/server/src/geo/nearest.ts';
export { placesRoutes } from './apps/server/src/modules/places/places.routes.ts';
export { registerErrorHandling } from './apps/server/src/http/errors.ts';
export { registerSecurityHeaders } from './apps/server/src/http/security-headers.ts';
`;

let built;

/** Bundles the geo code once per run; answers the bundle's path. */
export function bundleGeo() {
  built ??= bundleServerCode('geo', ENTRY);
  return built;
}

/** Loads the gazetteer in this process, at once (no pauses). */
export async function loadGeo() {
  const geo = await import(await bundleGeo());
  const started = performance.now();
  const gazetteer = geo.runAtOnce(geo.buildGazetteer(await geo.loadSources()));
  return { geo, gazetteer, ms: performance.now() - started };
}

export const fmtMs = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
