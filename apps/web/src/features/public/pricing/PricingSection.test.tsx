// @vitest-environment happy-dom
// The pricing cards come from the tier table: a price changed in the table is a price changed on the page.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { formatPrice, TIERS, tierFeatureTexts, type Tier } from '@waymarks/shared';
import { PricingSection } from './PricingSection';

afterEach(cleanup);

function renderPricing(tiers?: readonly Tier[]) {
  render(
    <MemoryRouter>
      <PricingSection {...(tiers ? { tiers } : {})} />
    </MemoryRouter>,
  );
}

/** The card (list item) whose heading is the tier's name. */
function card(name: string): HTMLElement {
  const item = screen.getByRole('heading', { name, level: 3 }).closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return item;
}

describe('PricingSection', () => {
  it('shows one card per tier of the table, with its price, audience and feature lines', () => {
    renderPricing();
    const section = screen.getByRole('region', { name: /plans/i });
    expect(section.id).toBe('pricing');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(TIERS.map((tier) => tier.name));
    for (const tier of TIERS) {
      const text = card(tier.name).textContent ?? '';
      expect(text).toContain(formatPrice(tier.price));
      expect(text).toContain(tier.audience);
      for (const line of tierFeatureTexts(tier.id)) expect(text).toContain(line);
    }
    expect(card('Wanderer').textContent).toContain('Free');
    expect(card('Explorer').textContent).toContain('$9.99/month');
  });

  it("flags the popular tier and labels the buttons 'Get Started Free' and 'Start Free Trial', all to /signup", () => {
    renderPricing();
    const popular = TIERS.filter((tier) => tier.popular).map((tier) => tier.name);
    expect(popular).toEqual(['Explorer']);
    expect(within(card('Explorer')).getByText('Popular')).toBeTruthy();
    expect(within(card('Adventurer')).queryByText('Popular')).toBeNull();

    const free = within(card('Wanderer')).getByRole('link');
    expect(free.textContent).toBe('Get Started Free');
    expect(free.getAttribute('href')).toBe('/signup');
    for (const name of ['Adventurer', 'Explorer', 'Pathfinder', 'Cartographer']) {
      const link = within(card(name)).getByRole('link');
      expect(link.textContent).toBe('Start Free Trial');
      expect(link.getAttribute('href')).toBe('/signup');
    }
  });

  it('shows a changed price, name and audience when the tier table changes', () => {
    const changed = TIERS.map((tier) =>
      tier.id === 'standard'
        ? { ...tier, price: 12.34, name: 'Voyager', audience: 'Frequent flyers' }
        : tier.id === 'free'
          ? { ...tier, price: 1.5 }
          : tier,
    );
    renderPricing(changed);
    expect(card('Voyager').textContent).toContain('$12.34/month');
    expect(card('Voyager').textContent).toContain('Frequent flyers');
    expect(card('Voyager').textContent).not.toContain('$9.99');
    expect(screen.queryByText('$9.99')).toBeNull();
    expect(card('Wanderer').textContent).toContain('$1.50/month');
    expect(card('Wanderer').textContent).not.toContain('Free/');
  });

  it('points plan changes, cancelling, export and deletion at the profile that does them', () => {
    renderPricing();
    const note = screen.getByText(/Change or cancel your plan, export your data or delete your account/);
    expect(within(note).getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/profile');
  });
});
