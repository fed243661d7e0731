// The quality bar of the public site, on every page a signed-out visitor can open, at
// laptop size (project 'chromium', 1280×800) and phone size (project 'phone', 390×844 touch; every test here
// is tagged @phone so both projects run it):
//   - axe-core finds no WCAG 2.0/2.1 A/AA or best-practice violation;
//   - privacy: from navigation through a scroll to the bottom, every request goes to the app's own host
//     (data: and blob: URLs aside): no fonts, flags, scripts or analytics from anywhere else;
//   - no horizontal scrolling (and on a phone, a layout viewport as wide as the screen);
// and on the landing page at phone size every link and button is a tap target of at least 44×44 px, except
// inline text links inside paragraphs (the "inline" exception of WCAG 2.5.8).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/privacy',
  '/terms',
  '/stripe-privacy',
  '/liability',
  '/copyright',
  '/illegal-content',
  '/feedback',
  '/signin',
  '/signup',
];

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const PHONE_MAX_WIDTH = 500;
const MIN_TARGET_PX = 44;

// axe, the scroll and the animations take a few seconds; leave room on a busy two-core machine. Each page is
// checked on its own, so both workers share the pages rather than one worker taking them all: this spec
// runs last of each project (its worker options are its own), and one worker alone made the tier's tail.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });
// No end-of-test screenshot (with 'only-on-failure' Playwright takes one of every page before closing it and
// keeps it only on failure). In the software-rendered test Chromium, a screenshot of a page running endless
// SVG animations (the landing hero's pulsing pins) takes seconds and then stalls the browser's next
// newContext() for 30-90 s, which would time out the following test. A failing test still keeps its trace
// (playwright.config.ts).
test.use({ screenshot: 'off' });

/** The viewport this project runs at, and a label for messages. */
function sizeOf(page: Page) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('these tests need a fixed viewport');
  const phone = viewport.width <= PHONE_MAX_WIDTH;
  return { ...viewport, phone, label: `${phone ? 'phone' : 'laptop'} ${viewport.width}×${viewport.height}` };
}

/** Waits until the route has rendered: network idle, a heading if the page has one, fonts loaded. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // A page without a visible <h1> is reported by axe (page-has-heading-one), so do not fail here.
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Waits (at most 3 s) for every finite CSS animation and transition, so axe sees the final colours. */
async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
}

/** Scrolls down a screen at a time to the bottom (lazy sections, images, reveal animations), then back up. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Elements that stick out to the right of the viewport, for the horizontal-scroll message. */
async function overflowingElements(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}`
          : ''
      }`;
    const sticking = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.right > width + 0.5;
    });
    // Report the innermost offenders: those without an offending descendant.
    return sticking
      .filter((el) => !sticking.some((other) => other !== el && el.contains(other)))
      .slice(0, 8)
      .map((el) => `${describe(el)} (right edge at ${Math.round(el.getBoundingClientRect().right)} px)`);
  }, width);
}

for (const path of PUBLIC_PAGES) {
  test(
    `${path}: no axe violations, no third-party requests, no horizontal scroll`,
    { tag: '@phone' },
    async ({ page, baseURL }) => {
      const size = sizeOf(page);
      const ownHost = new URL(baseURL ?? '').host;

      // Privacy: every request from navigation on. The context's request event is the page's plus those of
      // any popup or service worker; WebSockets are not requests, so they are recorded on their own.
      const requests: string[] = [];
      page.context().on('request', (request) => requests.push(request.url()));
      page.on('websocket', (socket) => requests.push(socket.url()));

      const response = await page.goto(path);
      expect(response?.status(), `GET ${path}`).toBe(200);
      await settle(page);
      await scrollThrough(page);
      await animationsDone(page);

      // (a) axe-core, on the fully rendered page scrolled back to the top.
      const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      const violations = axe.violations.map(
        (violation) =>
          `- ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
          violation.nodes
            .slice(0, 10)
            .map(
              (node) =>
                `    at ${node.target.join(' ')}` +
                (node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''),
            )
            .join('\n') +
          (violation.nodes.length > 10 ? `\n    … ${violation.nodes.length - 10} more` : ''),
      );
      expect
        .soft(violations, `axe violations on ${path} at ${size.label}:\n${violations.join('\n')}`)
        .toEqual([]);

      // (b) privacy: nothing leaves the app's own host.
      const foreign = [
        ...new Set(
          requests.filter((url) => {
            const parsed = new URL(url);
            if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return false;
            return parsed.host !== ownHost;
          }),
        ),
      ];
      expect
        .soft(
          foreign,
          `requests from ${path} at ${size.label} to hosts other than ${ownHost}:\n${foreign.join('\n')}`,
        )
        .toEqual([]);

      // (c) no horizontal scroll: the page is no wider than the screen. (On a touch phone, Chromium widens
      // window.innerWidth to fit content that sticks out, so the screen's width is the measure, not innerWidth.)
      // On a phone the layout viewport must be the screen's width too: without
      // <meta name="viewport" content="width=device-width"> a phone lays the page out 980 px wide.
      const widths = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        innerWidth: window.innerWidth,
      }));
      if (size.phone) {
        expect
          .soft(
            widths.clientWidth,
            `${path} at ${size.label} has a ${widths.clientWidth} px layout viewport: ` +
              'is <meta name="viewport" content="width=device-width, initial-scale=1"> missing?',
          )
          .toBe(size.width);
      }
      const pageWidth = Math.max(widths.scrollWidth, widths.innerWidth);
      const overflow = pageWidth > size.width ? await overflowingElements(page, size.width) : [];
      expect
        .soft(
          pageWidth,
          `${path} scrolls sideways at ${size.label}: ${widths.scrollWidth} px of content (window.innerWidth ` +
            `${widths.innerWidth} px) on a ${size.width} px screen; sticking out: ` +
            `${overflow.join(', ') || '(no single element found)'}`,
        )
        .toBeLessThanOrEqual(size.width);
    },
  );
}

test(
  `/: every link and button is at least ${MIN_TARGET_PX}×${MIN_TARGET_PX} px on a phone`,
  // Runs in the phone project only (the desktop project leaves out @phone-only).
  { tag: '@phone-only' },
  async ({ page }) => {
    await page.goto('/');
    await settle(page);
    await scrollThrough(page);
    await animationsDone(page);

    const { checked, offenders } = await page.evaluate((min) => {
      const selector =
        'a[href], button, [role="button"], [role="link"], summary, ' +
        'input[type="button"], input[type="submit"], input[type="reset"], input[type="image"]';
      const hidden = (el: HTMLElement) => {
        for (let node: HTMLElement | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) {
            return true;
          }
          if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
          if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('inert')) return true;
        }
        const rect = el.getBoundingClientRect();
        return rect.width <= 1 || rect.height <= 1; // screen-reader-only until focused, e.g. a skip link
      };
      // WCAG 2.5.8 "inline": a link that runs in a sentence, i.e. an inline <a> in a paragraph of text.
      const inlineTextLink = (el: HTMLElement) =>
        el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.closest('p') !== null;
      const describe = (el: HTMLElement) => {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
        const href = el.getAttribute('href');
        return `<${el.tagName.toLowerCase()}${href ? ` href="${href}"` : ''}> "${name.slice(0, 50)}"`;
      };
      const targets = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
        (el) => !hidden(el) && !inlineTextLink(el),
      );
      return {
        checked: targets.length,
        offenders: targets
          .map((el) => ({ el, rect: el.getBoundingClientRect() }))
          .filter(({ rect }) => rect.width < min - 0.01 || rect.height < min - 0.01)
          .map(({ el, rect }) => `${describe(el)}: ${rect.width.toFixed(1)}×${rect.height.toFixed(1)} px`),
      };
    }, MIN_TARGET_PX);

    expect(checked, 'links and buttons found on / (none: did the page render?)').toBeGreaterThan(0);
    expect(
      offenders,
      `tap targets under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px on /:\n${offenders.join('\n')}`,
    ).toEqual([]);
  },
);
