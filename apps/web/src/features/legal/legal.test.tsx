// @vitest-environment happy-dom
// The five legal documents: document structure, contents links, the support address and the figures of
// SPEC.md §9 (Legal and support) in the pages that must carry them.
import type { JSX } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { formatPrice, formatStorage, IMPORT_PRIVACY_TEXT, TIERS } from '@waymarks/shared';
import CopyrightPolicy, { meta as copyrightMeta } from './CopyrightPolicy';
import type { LegalMeta } from './LegalDocument';
import LimitationOfLiability, { meta as liabilityMeta } from './LimitationOfLiability';
import PrivacyPolicy, { meta as privacyMeta } from './PrivacyPolicy';
import StripePrivacy, { meta as stripeMeta } from './StripePrivacy';
import TermsOfService, { meta as termsMeta } from './TermsOfService';

const SUPPORT = 'help@waymarks.example';

type Page = (props: { supportEmail: string }) => JSX.Element;

const documents: Record<string, { Page: Page; meta: LegalMeta }> = {
  privacy: { Page: PrivacyPolicy, meta: privacyMeta },
  terms: { Page: TermsOfService, meta: termsMeta },
  'stripe-privacy': { Page: StripePrivacy, meta: stripeMeta },
  liability: { Page: LimitationOfLiability, meta: liabilityMeta },
  copyright: { Page: CopyrightPolicy, meta: copyrightMeta },
};

function renderDocument(name: string) {
  const { Page } = documents[name]!;
  const { container } = render(
    <MemoryRouter>
      <Page supportEmail={SUPPORT} />
    </MemoryRouter>,
  );
  const article = container.querySelector('article');
  if (!article) throw new Error(`${name} renders no <article>`);
  // Normalised text, so a phrase split over elements or lines still matches.
  const text = (article.textContent ?? '').replace(/\s+/g, ' ');
  return { article, text };
}

afterEach(cleanup);

describe.each(Object.keys(documents))('the %s document', (name) => {
  const { meta } = documents[name]!;

  it('has exactly one h1, first in the article, matching its title', () => {
    const { article } = renderDocument(name);
    const h1s = article.querySelectorAll('h1');
    expect(h1s).toHaveLength(1);
    expect(article.querySelector('h1, h2, h3, h4, h5, h6')).toBe(h1s[0]);
    expect(h1s[0]!.textContent).toBe(meta.title);
  });

  it('carries the last-updated date', () => {
    const { text } = renderDocument(name);
    expect(text).toContain('Last updated: 22 November 2026');
  });

  it('never skips a heading level', () => {
    const { article } = renderDocument(name);
    const levels = [...article.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels.length).toBeGreaterThan(3);
    levels.forEach((level, i) => {
      if (i > 0)
        expect(level, `heading ${i} (h${level}) after h${levels[i - 1]}`).toBeLessThanOrEqual(
          levels[i - 1]! + 1,
        );
    });
  });

  it('has a contents link to every section, and every contents link reaches a section', () => {
    const { article } = renderDocument(name);
    const links = [...article.querySelectorAll('nav a')];
    const sections = [...article.querySelectorAll('section[id]')];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href).toMatch(/^#./);
      const target = document.getElementById(href.slice(1));
      expect(target, `contents link ${href}`).not.toBeNull();
      expect(target!.tagName).toBe('SECTION');
      expect(target!.querySelector('h2')?.textContent).toBe(link.textContent);
    }
    expect(links.map((l) => l.getAttribute('href'))).toEqual(sections.map((s) => `#${s.id}`));
  });

  it('has in-page links only to ids that exist', () => {
    const { article } = renderDocument(name);
    for (const link of article.querySelectorAll('a[href^="#"]')) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    }
  });

  it('shows the support address as a mailto link', () => {
    const { article } = renderDocument(name);
    const mail = [...article.querySelectorAll('a[href^="mailto:"]')];
    expect(mail.length).toBeGreaterThan(0);
    for (const link of mail) {
      expect(link.getAttribute('href')).toMatch(
        new RegExp(`^mailto:${SUPPORT.replace(/\./g, '\\.')}(\\?|$)`),
      );
      expect(link.textContent).toBe(SUPPORT);
    }
  });

  it('loads nothing from another host', () => {
    const { article } = renderDocument(name);
    expect(article.querySelectorAll('img, script, link, iframe, video, audio, source, object')).toHaveLength(
      0,
    );
    const external = [...article.querySelectorAll('a[href^="http"]')].map((a) => a.getAttribute('href'));
    expect(external).toEqual(name === 'stripe-privacy' ? ['https://stripe.com/privacy'] : []);
  });

  it('has a title and a one-sentence description under 160 characters', () => {
    expect(meta.title.length).toBeGreaterThan(0);
    expect(meta.description.length).toBeLessThan(160);
    expect(meta.description).toMatch(/^[A-Z][^.]*\.$/);
  });
});

describe('the figures of SPEC.md §9', () => {
  it('states the minimum age of 13 in the privacy policy and the terms', () => {
    for (const name of ['privacy', 'terms']) {
      const { text } = renderDocument(name);
      expect(text, name).toContain('The minimum age to use Waymarks is 13.');
      expect(text, name).toMatch(/children under 13/);
      cleanup();
    }
  });

  it('says in the privacy policy that an imported file is deleted once read, and only kept places stay', () => {
    const { text } = renderDocument('privacy');
    expect(text).toContain(IMPORT_PRIVACY_TEXT);
    expect(text).toContain('deleted as soon as it has been read');
  });

  it('promises deletion within 30 days in the privacy policy and the terms', () => {
    for (const name of ['privacy', 'terms']) {
      const { text } = renderDocument(name);
      expect(text, name).toMatch(/account is deleted, all your data[^.]* is deleted within 30 days/);
      cleanup();
    }
  });

  it('promises 30 days notice of price changes in the terms', () => {
    const { text } = renderDocument('terms');
    expect(text).toMatch(/at least 30 days' notice by e-mail before a new price applies/);
  });

  it('caps liability at the greater of twelve months of payments or $100 in the liability page and the terms', () => {
    for (const name of ['liability', 'terms']) {
      const { text } = renderDocument(name);
      expect(text, name).toContain(
        'limited to the greater of the amounts you paid us in the twelve months before the claim or $100.',
      );
      cleanup();
    }
  });

  it('promises review within 24-48 hours in the copyright and liability pages', () => {
    for (const name of ['copyright', 'liability']) {
      const { text } = renderDocument(name);
      expect(text, name).toMatch(/within 24-48 hours/);
      cleanup();
    }
  });
});

describe('the copyright page', () => {
  it('asks for the subject DMCA Takedown Notice and fills it into the mail link', () => {
    const { article, text } = renderDocument('copyright');
    expect(text).toContain('with the subject "DMCA Takedown Notice"');
    expect(
      article.querySelector(`a[href="mailto:${SUPPORT}?subject=DMCA%20Takedown%20Notice"]`),
    ).not.toBeNull();
  });

  it('covers every item of the Copyright & DMCA list', () => {
    const { text } = renderDocument('copyright');
    for (const phrase of [
      'you own',
      'permission',
      'public domain',
      'fair use',
      'physical or electronic signature',
      'Identification of the copyrighted work',
      'information reasonably sufficient for us to locate it',
      'Your contact information',
      'good-faith belief that the use of the material is not authorised',
      'accurate and, under penalty of perjury',
      'DMCA Agent, Waymarks',
      'Postal address available on request by e-mail',
      'removed or disabled by mistake or misidentification',
      'consent to the jurisdiction',
      'Accounts of repeat infringers are terminated.',
      'commentary or criticism',
      'news reporting',
      'education',
      'parody',
      '© 2026 Waymarks',
      '17 U.S.C. § 512(f)',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});

describe('the terms', () => {
  it('lists every plan with its price and storage from the tier table', () => {
    const { text } = renderDocument('terms');
    for (const tier of TIERS) {
      expect(text).toContain(
        `${tier.name}: ${formatPrice(tier.price)}, with ${formatStorage(tier.storageGB)}`,
      );
    }
  });

  it('leaves the governing law to the operator of the instance', () => {
    const { text } = renderDocument('terms');
    expect(text).toContain(
      'the laws of the place where the operator of this Waymarks instance is established',
    );
  });
});

describe('the payment privacy notice', () => {
  it('names Stripe’s privacy policy as plain text and says local billing sends nothing to Stripe', () => {
    const { article, text } = renderDocument('stripe-privacy');
    expect(article.querySelector('a[href="https://stripe.com/privacy"]')?.textContent).toBe(
      'stripe.com/privacy',
    );
    expect(text).toContain('nothing is sent to Stripe');
    expect(text).toMatch(/never sees or stores your full card number/);
  });
});
