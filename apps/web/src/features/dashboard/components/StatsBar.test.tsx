// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { achievementsFor, type CountriesSummary } from '@waymarks/shared';
import { StatsBar, averageMediaPerPlace } from './StatsBar';

const SUMMARY: CountriesSummary = {
  totalCountries: 5,
  totalPins: 7,
  totalMedia: 16,
  totalCities: 6,
  achievements: achievementsFor(5),
  countries: [],
};

/** The figure a card shows under its label. */
const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'p, p > span' }).closest('li')!.querySelectorAll('p')[1]!.textContent;

describe('StatsBar', () => {
  afterEach(cleanup);

  it('shows places, cities, media and the average media per place from the countries answer', () => {
    render(<StatsBar summary={SUMMARY} loading={false} />);
    expect(valueOf('Places')).toBe('7');
    expect(valueOf('Cities')).toBe('6');
    expect(valueOf('Media')).toBe('16');
    // 16 / 7 = 2.285…, to one decimal.
    expect(valueOf('Media per place')).toBe('2.3');
    expect(
      screen.getByRole('progressbar', { name: 'World Explorer Progress' }).getAttribute('aria-valuetext'),
    ).toBe('5 of 195 countries, 2.6%');
  });

  it('folds on a phone into one line with Show stats, which opens the cards it controls', () => {
    render(<StatsBar summary={SUMMARY} loading={false} />);
    const toggle = screen.getByRole('button', { name: 'Show stats' });
    expect(toggle.parentElement!.textContent).toContain('5 / 195 countries · 7 places · 16 media');
    const cards = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Hidden below the sm breakpoint only: the grid is always shown from sm up.
    expect(cards.className).toMatch(/(^| )hidden( |$)/);
    expect(cards.className).toContain('sm:grid');

    fireEvent.click(toggle);

    expect(screen.getByRole('button', { name: 'Hide stats' }).getAttribute('aria-expanded')).toBe('true');
    expect(cards.className).not.toMatch(/(^| )hidden( |$)/);
    expect(within(cards).getByText('Places')).toBeTruthy();
  });

  it('marks the achievements the server awarded as earned and the others as locked', () => {
    render(<StatsBar summary={SUMMARY} loading={false} />);
    const list = screen.getByRole('list', { name: 'Achievements' });
    expect(within(list).getByText(/Explorer/).textContent).toContain('(earned)');
    expect(within(list).getByText(/Wanderer/).textContent).toContain('(earned)');
    expect(within(list).getByText(/Traveler/).textContent).toContain('(locked: visit 10 countries)');
  });

  it('gives 0.0 media per place without places, and dots while the figures load', () => {
    expect(averageMediaPerPlace({ totalMedia: 0, totalPins: 0 })).toBe('0.0');
    render(<StatsBar summary={undefined} loading />);
    expect(valueOf('Cities')).toBe('…');
    expect(valueOf('Media per place')).toBe('…');
  });
});
