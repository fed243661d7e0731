import { describe, expect, it } from 'vitest';
import { pageDocument, pageTemplate } from './page-html.js';

const CSS =
  '@font-face{font-family:Inter;font-display:swap;src:url(/assets/inter-latin-wght-normal-abc.woff2)}body{margin:0}';
const readAsset = (href: string) => {
  if (href !== '/assets/index-1.css') throw new Error(`unexpected asset ${href}`);
  return CSS;
};

/** index.html as Vite writes it. */
const VITE_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The default description."
    />
    <meta name="waymarks-config" content="{}" />
    <meta property="og:title" content="Waymarks" />
    <meta
      property="og:description"
      content="The default description."
    />
    <meta property="og:url" content="/" />
    <meta property="og:image" content="/og-image.png" />
    <title>Waymarks</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
    <link rel="modulepreload" crossorigin href="/assets/client-1.js">
    <link rel="modulepreload" crossorigin href="/assets/api-1.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The same page with every attribute in another order and other quoting. */
const REORDERED_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta content='The default description.' name=description>
    <meta content="{}" name="waymarks-config">
    <meta content=Waymarks property=og:title>
    <meta content='The default description.' property='og:description'>
    <meta content="/" property="og:url">
    <meta property="og:image" content="/og-image.png">
    <title>Waymarks</title>
    <script src="/assets/index-1.js" crossorigin type="module"></script>
    <link href="/assets/index-1.css" crossorigin rel=stylesheet>
    <link href="/assets/client-1.js" rel="modulepreload" crossorigin>
  </head>
  <body>
    <div class="app" id="root"></div>
  </body>
</html>
`;

const PAGE = {
  html: '<main><h1>Terms &amp; conditions</h1><!-- --></main>',
  title: 'Terms & "fair" use',
  description: "What you agree to <when> you sign up, and what we don't do.",
  url: '{{siteUrl}}/terms',
  image: '{{siteUrl}}/og-image.png',
  config: '{"supportEmail":"help@example.org"}',
};

describe('the prerendered page HTML', () => {
  it('inlines the stylesheet with its font preloaded and optional, and drops the module preloads', () => {
    const template = pageTemplate(VITE_INDEX, readAsset);

    expect(template).toContain(
      '    <link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin-wght-normal-abc.woff2" crossorigin>\n' +
        `    <style>${CSS.replace('font-display:swap', 'font-display:optional')}</style>\n` +
        '  </head>',
    );
    expect(template).not.toContain('modulepreload');
    expect(template).not.toContain('index-1.css"');
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });

  it("puts the page's markup in #root untouched, and its title, description and settings escaped", () => {
    const html = pageDocument(pageTemplate(VITE_INDEX, readAsset), PAGE);

    expect(html).toContain(`<div id="root">${PAGE.html}</div>`);
    expect(html).toContain('<title>Terms &amp; &quot;fair&quot; use</title>');
    expect(html).toContain(
      'content="What you agree to &lt;when&gt; you sign up, and what we don&#x27;t do."',
    );
    expect(html).toContain(
      '<meta name="waymarks-config" content="{&quot;supportEmail&quot;:&quot;help@example.org&quot;}" />',
    );
    expect(html).not.toContain('The default description.');
  });

  it("gives a shared link the page's own title, description, address and picture (Open Graph)", () => {
    const html = pageDocument(pageTemplate(VITE_INDEX, readAsset), PAGE);

    expect(html).toContain('<meta property="og:title" content="Terms &amp; &quot;fair&quot; use" />');
    expect(html).toContain(
      'property="og:description"\n      content="What you agree to &lt;when&gt; you sign up, and what we don&#x27;t do."',
    );
    expect(html).toContain('<meta property="og:url" content="{{siteUrl}}/terms" />');
    expect(html).toContain('<meta property="og:image" content="{{siteUrl}}/og-image.png" />');
  });

  it('finds each element whatever the order and quoting of its attributes', () => {
    const html = pageDocument(pageTemplate(REORDERED_INDEX, readAsset), PAGE);

    expect(html).toContain(`<div class="app" id="root">${PAGE.html}</div>`);
    expect(html).toContain(
      '<meta content="What you agree to &lt;when&gt; you sign up, and what we don&#x27;t do." name=description>',
    );
    expect(html).toContain(
      '<meta content="{&quot;supportEmail&quot;:&quot;help@example.org&quot;}" name="waymarks-config">',
    );
    expect(html).toContain('<title>Terms &amp; &quot;fair&quot; use</title>');
    expect(html).toContain('<meta content="Terms &amp; &quot;fair&quot; use" property=og:title>');
    expect(html).toContain('<meta property="og:image" content="{{siteUrl}}/og-image.png">');
    expect(html).toContain('<style>');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script src="/assets/index-1.js" crossorigin type="module"></script>');
  });

  it('stops the build, naming what is missing, when index.html lost a part the pages need', () => {
    const without = (part: string) => VITE_INDEX.replace(part, '');

    expect(() =>
      pageTemplate(without('<link rel="stylesheet" crossorigin href="/assets/index-1.css">'), readAsset),
    ).toThrow('a stylesheet link from /assets/');
    expect(() => pageTemplate(without('<meta name="waymarks-config" content="{}" />'), readAsset)).toThrow(
      '<meta name="waymarks-config">',
    );
    expect(() => pageTemplate(without('<title>Waymarks</title>'), readAsset)).toThrow('a <title>');
    expect(() =>
      pageTemplate(without('<meta property="og:image" content="/og-image.png" />'), readAsset),
    ).toThrow('<meta property="og:image">');
    expect(() => pageTemplate(without('<div id="root"></div>'), readAsset)).toThrow('<div id="root">');
    expect(() =>
      pageTemplate(
        without('<script type="module" crossorigin src="/assets/index-1.js"></script>'),
        readAsset,
      ),
    ).toThrow('a module script from /assets/');
    expect(() =>
      pageTemplate(VITE_INDEX.replace('<div id="root"></div>', '<div id="root"><p>x</p></div>'), readAsset),
    ).toThrow('not empty');
  });

  it('refuses a stylesheet that would end the inline <style> early or has no Inter font face', () => {
    expect(() => pageTemplate(VITE_INDEX, () => `${CSS}a::after{content:"</style>"}`)).toThrow("'</style'");
    expect(() => pageTemplate(VITE_INDEX, () => 'body{margin:0}')).toThrow('no Inter Latin font face');
  });
});
