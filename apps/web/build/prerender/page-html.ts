// The HTML of a prerendered page: the built index.html, edited at the places an HTML parser (parse5, with
// source locations) finds each element, whatever the order or quoting of its attributes. Everything the
// parser is not asked about stays byte for byte as Vite wrote it.
import { parse, type DefaultTreeAdapterMap, type Token } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** One change to the source text: the characters from start to end become text. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** What one page puts into the template. */
export interface PageContent {
  /** The page's markup as React rendered it, placed inside <div id="root"> untouched. */
  html: string;
  title: string;
  description: string;
  /** The page's absolute address, for og:url (the server fills in the instance's address). */
  url: string;
  /** The absolute address of the picture a shared link shows, for og:image. */
  image: string;
  /** The public settings, as JSON, for <meta name="waymarks-config">. */
  config: string;
}

/** Text and attribute escaping as React does it. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );

/**
 * The template every page is written into, from the built index.html:
 *  - the stylesheet inlined: the first paint then needs nothing but the HTML, one round trip less on a slow
 *    network (the page policy allows inline styles, never scripts). The Latin subset of the font is
 *    preloaded beside it, and the font faces become `font-display: optional`: a prerendered page paints
 *    before its font may have arrived, and text that moved when the font swapped in would shift the whole
 *    page (`max-w-[70ch]` and every line break follow the font). A font that misses the first paint is
 *    used from the next page load on, from the cache.
 *  - no module preloads: a prerendered page fetches the app only after its first paint (src/main.tsx), and
 *    a preload would start that download with the HTML, racing it for the connection. The entry script
 *    itself stays: it is small, and waits for the paint.
 * `readAsset` gives the text of a file of dist/ by its URL path ('/assets/index-….css').
 */
export function pageTemplate(indexHtml: string, readAsset: (href: string) => string): string {
  const all = elementsOf(indexHtml);
  const edits: Edit[] = [];

  const stylesheet = one(
    all.filter(
      (el) => el.tagName === 'link' && attr(el, 'rel') === 'stylesheet' && isAsset(attr(el, 'href'), '.css'),
    ),
    'a stylesheet link from /assets/',
  );
  const href = attr(stylesheet, 'href')!;
  const css = readAsset(href);
  if (/<\/style/i.test(css)) throw new Error(`${href} contains '</style', which would end an inline <style>`);
  const font = /url\((\/assets\/inter-latin-wght-normal-[^)]+\.woff2)\)/.exec(css)?.[1];
  if (!font || !css.includes('font-display:swap')) throw new Error(`${href} has no Inter Latin font face`);
  const preload = `<link rel="preload" as="font" type="font/woff2" href="${font}" crossorigin>`;
  const style = `<style>${css.replaceAll('font-display:swap', 'font-display:optional')}</style>`;
  edits.push({ ...span(stylesheet), text: `${preload}\n    ${style}` });

  one(
    all.filter(
      (el) => el.tagName === 'script' && attr(el, 'type') === 'module' && isAsset(attr(el, 'src'), '.js'),
    ),
    'a module script from /assets/',
  );
  for (const preloadLink of all.filter(
    (el) => el.tagName === 'link' && attr(el, 'rel') === 'modulepreload',
  )) {
    // The tag goes with the indentation and line break before it, so no blank line is left.
    const { start, end } = span(preloadLink);
    const lineStart = /\n?[ \t]*$/.exec(indexHtml.slice(0, start))!.index;
    edits.push({ start: lineStart, end, text: '' });
  }

  const template = applyEdits(indexHtml, edits);
  // Checked now, so a broken index.html fails the build before any page is rendered.
  pageDocument(template, { html: '', title: '', description: '', url: '/', image: '/', config: '{}' });
  return template;
}

/**
 * One page: the template with the page's markup in #root, its title, description and the settings, and the
 * same title and description, its address and its picture for a shared link (Open Graph).
 */
export function pageDocument(template: string, page: PageContent): string {
  const all = elementsOf(template);
  const root = one(
    all.filter((el) => el.tagName === 'div' && attr(el, 'id') === 'root'),
    'a <div id="root">',
  );
  const title = one(
    all.filter((el) => el.tagName === 'title'),
    'a <title>',
  );
  if (root.childNodes.length > 0) throw new Error('dist/index.html has a <div id="root"> that is not empty');
  return applyEdits(template, [
    { ...inner(root), text: page.html },
    { ...inner(title), text: escapeHtml(page.title) },
    setAttribute(meta(all, 'description'), 'content', page.description),
    setAttribute(meta(all, 'waymarks-config'), 'content', page.config),
    setAttribute(meta(all, 'og:title', 'property'), 'content', page.title),
    setAttribute(meta(all, 'og:description', 'property'), 'content', page.description),
    setAttribute(meta(all, 'og:url', 'property'), 'content', page.url),
    setAttribute(meta(all, 'og:image', 'property'), 'content', page.image),
  ]);
}

function meta(all: Element[], name: string, key: 'name' | 'property' = 'name'): Element {
  return one(
    all.filter((el) => el.tagName === 'meta' && attr(el, key) === name),
    `a <meta ${key}="${name}">`,
  );
}

/** The edit that gives an element's attribute a new value, written as name="escaped value". */
function setAttribute(el: Element, name: string, value: string): Edit {
  const location = el.sourceCodeLocation?.attrs?.[name];
  if (!location) throw new Error(`dist/index.html has a <${el.tagName}> without ${name}`);
  return { start: location.startOffset, end: location.endOffset, text: `${name}="${escapeHtml(value)}"` };
}

function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) node.childNodes.forEach(visit);
    if (node.nodeName === 'template') visit((node as DefaultTreeAdapterMap['template']).content);
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  // Elements the parser made up (an implied <head> or <body>) have no place in the text to edit.
  return found.filter((el) => el.sourceCodeLocation);
}

function one(found: Element[], what: string): Element {
  if (found.length !== 1)
    throw new Error(`dist/index.html must have exactly one of ${what}; it has ${found.length}`);
  return found[0]!;
}

const attr = (el: Element, name: string): string | undefined =>
  el.attrs.find((attribute) => attribute.name === name)?.value;

const isAsset = (href: string | undefined, extension: string): boolean =>
  href !== undefined && href.startsWith('/assets/') && href.endsWith(extension);

function span(el: Element): { start: number; end: number } {
  const location = el.sourceCodeLocation as Token.ElementLocation;
  return { start: location.startOffset, end: location.endOffset };
}

/** Where an element's content lies: between the end of its start tag and the start of its end tag. */
function inner(el: Element): { start: number; end: number } {
  const location = el.sourceCodeLocation as Token.ElementLocation;
  if (!location.endTag) throw new Error(`dist/index.html has a <${el.tagName}> without its end tag`);
  return { start: location.startTag!.endOffset, end: location.endTag.startOffset };
}

/** Applies edits that do not overlap, from the last to the first so earlier offsets stay right. */
function applyEdits(html: string, edits: Edit[]): string {
  let result = html;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}
