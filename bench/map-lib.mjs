// Shared by the dashboard map benchmarks (dashboard-map, map-basemap): the map driven and read the way a
// traveller and the browser tests do it, through the page alone. The dashboard puts no map object on
// window, so a view is reached with the place search and the zoom buttons, and what the map shows is read
// from the DOM it renders and from its pixels (e2e/support/pixel.ts, as e2e/map-names.spec.ts reads them).
/* global document -- functions run in the page */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { tsImport } from 'tsx/esm/api';
import { ROOT } from './lib.mjs';

const MAP_VIEW = path.join(ROOT, 'apps/web/src/features/dashboard/components/MapView.tsx');

/**
 * Constants of MapView.tsx (WORLD_VIEW, GLOBE_PROJECTION): plain literals, read from the source with the
 * TypeScript parser because the module itself only loads in a browser. Throws when one is missing or is
 * no longer a literal, so the benchmarks cannot drift from the dashboard unnoticed.
 */
export function mapViewConstants(names = ['WORLD_VIEW', 'GLOBE_PROJECTION']) {
  const source = ts.createSourceFile(MAP_VIEW, readFileSync(MAP_VIEW, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found = {};
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && names.includes(node.name.text)) {
      let value = node.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
      if (!value || !ts.isObjectLiteralExpression(value)) {
        throw new Error(`${node.name.text} in ${path.relative(ROOT, MAP_VIEW)} is not an object literal`);
      }
      found[node.name.text] = literalValue(value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const missing = names.filter((name) => !(name in found));
  if (missing.length > 0) throw new Error(`no ${missing.join(', ')} in ${path.relative(ROOT, MAP_VIEW)}`);
  return found;
}

/** The value of an object, array, string, number or boolean literal; anything else is refused. */
function literalValue(node) {
  if (ts.isObjectLiteralExpression(node)) {
    return Object.fromEntries(
      node.properties.map((property) => {
        if (!ts.isPropertyAssignment(property)) throw new Error(`not a literal: ${property.getText()}`);
        const key = property.name.text ?? property.name.getText();
        return [key, literalValue(property.initializer)];
      }),
    );
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.map(literalValue);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    return -literalValue(node.operand);
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  throw new Error(`not a literal: ${node.getText()}`);
}

/**
 * The built-in map's deepest zoom (BUILT_IN_MAX_ZOOM, apps/web/src/features/map/zoom.ts, decision 091): the
 * zoom a flight to a search result ends at without a PMTiles basemap, where the zoom-in button is disabled.
 * zoom.ts takes it from the shared package's place tiles, so it is not a literal to parse: the module is
 * loaded (it needs no browser).
 */
export async function builtInMaxZoom() {
  const { BUILT_IN_MAX_ZOOM } = await tsImport('../apps/web/src/features/map/zoom.ts', import.meta.url);
  if (!Number.isInteger(BUILT_IN_MAX_ZOOM)) {
    throw new Error(`BUILT_IN_MAX_ZOOM in apps/web/src/features/map/zoom.ts is ${BUILT_IN_MAX_ZOOM}`);
  }
  return BUILT_IN_MAX_ZOOM;
}

let pixelTools;

/** The browser tests' pixel reading and the basemap's colours, loaded once. */
async function pixels() {
  pixelTools ??= Promise.all([
    tsImport('../e2e/support/pixel.ts', import.meta.url),
    tsImport('../apps/web/src/features/map/colors.ts', import.meta.url),
  ]).then(([pixel, colors]) => {
    const { blend, colourDistance, decodePng, hexColour } = pixel;
    const land = hexColour(colors.MAP_COLORS.land);
    const mapColours = [
      hexColour(colors.MAP_COLORS.ocean),
      land,
      blend(land, hexColour(colors.MAP_COLORS.visited), colors.VISITED_OPACITY),
    ];
    return {
      decodePng,
      isMapColour: (rgb) => mapColours.some((colour) => colourDistance(rgb, colour) < 10),
    };
  });
  return pixelTools;
}

/**
 * Globe or flat, as the page shows it: the Globe view switch's aria-pressed, and the map's four corners.
 * At world zooms a flat map reaches every corner with its sea, land or visited fill; a globe leaves them to
 * the space around it (e2e/map-names.spec.ts reads one corner the same way). A corner can hold a name or a
 * marker, so three of the four decide. `looks` is 'globe', 'flat' or 'unclear'.
 */
export async function projectionShown(page) {
  const { decodePng, isMapColour } = await pixels();
  const pressed = await page.getByRole('button', { name: 'Globe view' }).getAttribute('aria-pressed');
  const picture = decodePng(await page.locator('.maplibregl-map').screenshot({ scale: 'css' }));
  const inset = 4;
  const corners = [
    [inset, inset],
    [picture.width - 1 - inset, inset],
    [inset, picture.height - 1 - inset],
    [picture.width - 1 - inset, picture.height - 1 - inset],
  ].map(([x, y]) => picture.at(x, y));
  const onMap = corners.filter(isMapColour).length;
  const looks = onMap >= 3 ? 'flat' : onMap <= 1 ? 'globe' : 'unclear';
  const hex = (rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  return { switchOn: pressed === 'true', looks, corners: corners.map(hex).join(' ') };
}

/**
 * Searches 'Search destinations' for `query` and chooses the first gazetteer result whose accessible name
 * matches `option` (not one of the traveller's own places, listed first as 'Your place'), then waits for
 * the location dialog it opens. The dashboard then flies the map there, or to the traveller's pin within
 * 1 km of it, asking for zoom 12 (SPEC.md §9); without a PMTiles basemap the flight ends at the built-in
 * map's deepest zoom (builtInMaxZoom). Answers the dialog.
 */
export async function searchAndChoose(page, query, option) {
  const search = page.getByRole('combobox', { name: 'Search destinations' });
  await search.fill(query);
  const choice = page.getByRole('option', { name: option }).filter({ hasNotText: 'Your place' }).first();
  await choice.click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  await dialog.first().waitFor({ timeout: 30_000 });
  return dialog.first();
}

/** Closes the location dialog with Escape, as a traveller would, and waits until it is gone. */
export async function closeDialog(page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').first().waitFor({ state: 'hidden', timeout: 30_000 });
}

/** The map area as a JPEG: two equal ones mean nothing moved or was drawn between them. */
export const mapPicture = (page) =>
  page.locator('.maplibregl-map').screenshot({ scale: 'css', type: 'jpeg', quality: 90 });

/**
 * Pins the markers on screen stand for: a single pin's marker counts one, a cluster (aria-label
 * '<count> pins here; zoom in') its count. Answers { markers, clusters, pins }.
 */
export const pinsOnScreen = (page) =>
  page.evaluate(() => {
    let pins = 0;
    let clusters = 0;
    const markers = document.querySelectorAll('.maplibregl-marker');
    for (const marker of markers) {
      const label = marker.querySelector('button[aria-label]')?.getAttribute('aria-label') ?? '';
      const cluster = /^(\d+) pins here; zoom in$/.exec(label);
      if (cluster) clusters += 1;
      pins += cluster ? Number(cluster[1]) : 1;
    }
    return { markers: markers.length, clusters, pins };
  });
