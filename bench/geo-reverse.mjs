// Reverse geocoding in process: Gazetteer.reverse over 100,000 random land points (uniform on the sphere,
// kept where the border polygons give a country; most are far from any town) and over 100,000 points
// where photos are taken (within 10 km of a random town), beside baselines measured in the same run:
//   - a plain nearest-neighbour lookup on the same k-d tree (geokdbush.around, 1 result, and 1 result
//     within the same 50 km), which answers only "the nearest town", not the country from borders nor
//     the town of that country;
//   - country-coder alone on the same points (the border lookup without the grid);
//   - a brute-force nearest town over all 190,000 towns (on 300 of the points).
// Target: at least 100,000 lookups a second, so placing a whole photo library stays quick.
import { around } from 'geokdbush';
import { fmt, performance, reportLines } from './lib.mjs';
import { fmtMs, loadGeo, seededRandom } from './geo-lib.mjs';

const POINTS = 100_000;
const BRUTE_FORCE_POINTS = 300;
const PASSES = 5;
const TARGET_PER_SECOND = 100_000;

/** Points within about 10 km of towns picked at random. */
function pointsNearTowns(gazetteer) {
  const random = seededRandom(11);
  const t = gazetteer.tables;
  const points = [];
  while (points.length < POINTS) {
    const place = Math.floor(random() * t.count);
    if (t.kind[place] !== 0) continue;
    const lat = Math.max(-90, Math.min(90, t.lat[place] + (random() - 0.5) * 0.18));
    let lng = t.lng[place] + (random() - 0.5) * 0.18;
    if (lng > 180) lng -= 360;
    if (lng < -180) lng += 360;
    points.push([lat, lng]);
  }
  return points;
}

function randomLandPoints(gazetteer) {
  const random = seededRandom(7);
  const points = [];
  while (points.length < POINTS) {
    const lat = (Math.asin(2 * random() - 1) * 180) / Math.PI;
    const lng = random() * 360 - 180;
    if (gazetteer.countries.countryAtUncached(lat, lng)) points.push([lat, lng]);
  }
  return points;
}

/** Best of several passes, in lookups a second. */
function rate(points, lookup) {
  let best = 0;
  let sink = 0;
  for (let pass = 0; pass < PASSES; pass += 1) {
    const started = performance.now();
    for (const [lat, lng] of points) sink += lookup(lat, lng);
    best = Math.max(best, (points.length / (performance.now() - started)) * 1000);
  }
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return best;
}

export async function run() {
  const { details, log } = reportLines();
  const { gazetteer, ms } = await loadGeo();
  log(`gazetteer loaded in process in ${fmt(ms)} ms`);
  const points = randomLandPoints(gazetteer);
  const unknownCity = points.filter(
    ([lat, lng]) => gazetteer.reverse(lat, lng).city === 'Unknown City',
  ).length;
  log(
    `${fmt(points.length)} random land points; ${((unknownCity / points.length) * 100).toFixed(0)}% have no town ` +
      `of their country within 50 km (deserts, ice, taiga), like much of the land`,
  );

  const reverse = rate(points, (lat, lng) => gazetteer.reverse(lat, lng).countryCode.length);
  const tree = gazetteer.locator.index;
  const plainNearest = rate(points, (lat, lng) => around(tree, lng, lat, 1).length);
  const plainNearest50 = rate(points, (lat, lng) => around(tree, lng, lat, 1, 50).length);
  const countryCoderAlone = rate(
    points,
    (lat, lng) => (gazetteer.countries.countryAtUncached(lat, lng) ?? '').length,
  );
  log(`reverse geocoding (country from borders, then the town of that country): ${fmt(reverse)} lookups/s`);
  log(
    `baseline, plain nearest neighbour on the same k-d tree (geokdbush.around): ${fmt(plainNearest)} lookups/s, ` +
      `${fmt(plainNearest50)} lookups/s within 50 km → reverse geocoding runs at ${(reverse / plainNearest50).toFixed(2)}× ` +
      `the speed of the latter`,
  );
  log(
    `baseline, country-coder alone (the border lookup without the grid): ${fmt(countryCoderAlone)} lookups/s`,
  );

  const nearTowns = pointsNearTowns(gazetteer);
  const reverseNearTowns = rate(nearTowns, (lat, lng) => gazetteer.reverse(lat, lng).countryCode.length);
  const plainNearTowns = rate(nearTowns, (lat, lng) => around(tree, lng, lat, 1, 50).length);
  log(
    `where photos are taken (${fmt(POINTS)} points within ~10 km of random towns): reverse geocoding ` +
      `${fmt(reverseNearTowns)} lookups/s, plain nearest neighbour within 50 km ${fmt(plainNearTowns)} lookups/s ` +
      `(${(reverseNearTowns / plainNearTowns).toFixed(2)}×)`,
  );

  // Brute force: the nearest town by great-circle distance, over every town.
  const t = gazetteer.tables;
  const towns = [];
  for (let place = 0; place < t.count; place += 1) if (t.kind[place] === 0) towns.push(place);
  const rad = Math.PI / 180;
  const sample = points.slice(0, BRUTE_FORCE_POINTS);
  const started = performance.now();
  for (const [lat, lng] of sample) {
    let best = -1;
    let bestDistance = Infinity;
    const cosLat = Math.cos(lat * rad);
    for (const place of towns) {
      const dLat = (t.lat[place] - lat) * rad;
      const dLng = (t.lng[place] - lng) * rad;
      const h = Math.sin(dLat / 2) ** 2 + cosLat * Math.cos(t.lat[place] * rad) * Math.sin(dLng / 2) ** 2;
      if (h < bestDistance) {
        bestDistance = h;
        best = place;
      }
    }
    if (best < 0) throw new Error('no town');
  }
  const bruteMs = (performance.now() - started) / sample.length;
  log(
    `baseline, brute-force nearest over ${fmt(towns.length)} towns: ${fmtMs(bruteMs)} a lookup = ` +
      `${fmt(1000 / bruteMs)} lookups/s; reverse geocoding is ${fmt(reverse / (1000 / bruteMs))}× faster`,
  );
  log(
    `share of the globe's grid cells answered without country-coder: ${(gazetteer.countries.gridCoverage * 100).toFixed(1)}%`,
  );

  return {
    name: 'geo-reverse',
    figure:
      `${fmt(reverse)} lookups/s on random land, ${fmt(reverseNearTowns)}/s near towns ` +
      `(plain nearest neighbour within 50 km: ${fmt(plainNearest50)}/s and ${fmt(plainNearTowns)}/s)`,
    target: `≥ ${fmt(TARGET_PER_SECOND)} lookups/s over random land points (and near towns)`,
    pass: reverse >= TARGET_PER_SECOND && reverseNearTowns >= TARGET_PER_SECOND,
    details,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await run();
  console.log(`${result.figure} (target ${result.target}): ${result.pass ? 'PASS' : 'FAIL'}`);
}
