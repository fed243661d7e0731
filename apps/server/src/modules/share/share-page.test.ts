import { describe, expect, it } from 'vitest';
import { sharePageHtml } from './share-page.js';
import type { SharedPage, SharedPlace } from './page-contents.js';

const ORIGIN = 'https://waymarks.example';

function place(index: number, visitDate: string | null): SharedPlace {
  return {
    title: `Place ${index}`,
    lat: 40 + (index % 50) / 10,
    lng: -3 + (index % 70) / 10,
    countryCode: 'ES',
    countryName: 'Spain',
    city: `Town ${index}`,
    visitDate,
    photos: [],
  };
}

function pageOf(places: SharedPlace[], overrides: Partial<SharedPage> = {}): SharedPage {
  return {
    token: 'Abc_def-1234567890abcd',
    displayName: 'Freya <Stark>',
    indexable: false,
    sections: { showMap: true, showStats: true, showTimeline: true, showAvatar: true, showPhotos: true },
    places,
    countries: ['ES'],
    stats: { countries: 1, countriesTotal: 195, cities: places.length, continents: 1, places: places.length },
    hasAvatar: false,
    ...overrides,
  };
}

describe('the travel page', () => {
  it('lists the first twelve places of a year and says how many more there are', () => {
    const places = Array.from({ length: 30 }, (_, index) =>
      place(index, `2024-${String((index % 12) + 1).padStart(2, '0')}-01`),
    );
    const html = sharePageHtml(pageOf(places), ORIGIN);
    expect(html).toContain('30 places in 1 country');
    expect(
      html.match(/<span class="when">(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)<\/span>/g),
    ).toHaveLength(12);
    expect(html).toContain('<li class="more">and 18 more places</li>');
  });

  it('stays a page of modest size with 10,000 places', () => {
    const places = Array.from({ length: 10_000 }, (_, index) =>
      place(index, `${2000 + (index % 25)}-0${(index % 9) + 1}-15`),
    );
    const html = sharePageHtml(pageOf(places), ORIGIN);
    // 25 years of 12 places, and the map: under 400 KB before compression.
    expect(Buffer.byteLength(html)).toBeLessThan(400_000);
    expect(html.match(/<li class="more">/g)).toHaveLength(25);
  });

  it('escapes the name, asks search engines to stay away unless allowed, and points previews at the picture', () => {
    const html = sharePageHtml(pageOf([place(1, null)]), ORIGIN);
    expect(html).toContain('Freya &lt;Stark&gt;&#39;s travels');
    expect(html).not.toContain('<Stark>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(
      `<meta property="og:image" content="${ORIGIN}/t/Abc_def-1234567890abcd/image.png">`,
    );
    expect(sharePageHtml(pageOf([place(1, null)], { indexable: true }), ORIGIN)).not.toContain('noindex');
  });

  it('leaves out the parts the traveller turned off', () => {
    const html = sharePageHtml(
      pageOf([place(1, '2024-01-01')], {
        sections: {
          showMap: false,
          showStats: false,
          showTimeline: false,
          showAvatar: false,
          showPhotos: false,
        },
        hasAvatar: true,
      }),
      ORIGIN,
    );
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('class="figure"');
    expect(html).not.toContain('id="timeline"');
    expect(html).not.toContain('avatar.png');
  });
});
