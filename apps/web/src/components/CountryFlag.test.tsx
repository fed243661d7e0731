// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type * as IsoCountries from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import { cleanup, render, screen } from '@testing-library/react';
import { CountryFlag, flagUrl } from './CountryFlag';

afterEach(cleanup);

const isoCountries = createRequire(import.meta.url)('i18n-iso-countries') as typeof IsoCountries;

describe('flagUrl', () => {
  it('has a local flag file for every ISO 3166-1 country and Kosovo', () => {
    const codes = [...Object.keys(isoCountries.getAlpha2Codes()), 'XK'];
    expect(codes.length).toBeGreaterThan(240);
    expect(codes.filter((code) => !flagUrl(code))).toEqual([]);
  });

  it('serves the flag-icons 4:3 SVG for the code, whatever its case', () => {
    expect(flagUrl('FR')).toMatch(/flag-icons\/flags\/4x3\/fr\.svg(\?|$)/);
    expect(flagUrl('gb')).toBe(flagUrl('GB'));
    expect(flagUrl('FR')).not.toMatch(/^https?:/);
  });

  it('has no flag for the unknown country XX or codes that are no country', () => {
    expect(flagUrl('XX')).toBeUndefined();
    expect(flagUrl('QQ')).toBeUndefined();
    expect(flagUrl('')).toBeUndefined();
  });
});

describe('CountryFlag', () => {
  it('shows the flag as a decorative image, since the name is shown beside it', () => {
    const { container } = render(<CountryFlag code="FR" className="h-6" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(flagUrl('FR'));
    expect(img?.getAttribute('alt')).toBe('');
    expect(img?.className).toContain('aspect-[4/3]');
    expect(img?.className).toContain('h-6');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('names the flag when asked to', () => {
    render(<CountryFlag code="JP" alt="Japan" />);
    expect(screen.getByRole('img', { name: 'Japan' }).getAttribute('src')).toBe(flagUrl('JP'));
  });

  it('shows a hidden globe for an unknown country', () => {
    for (const code of ['XX', 'QQ']) {
      const { container } = render(<CountryFlag code={code} />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
      expect(container.querySelector('svg')).not.toBeNull();
      cleanup();
    }
  });
});
