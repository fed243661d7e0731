// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MARKER_COLORS } from '../../places';
import { MapLegend } from './MapLegend';

/** Each entry of the key: its words and the colour of the pin drawn beside them. */
function entries() {
  return within(screen.getByRole('list', { name: 'Map key' }))
    .getAllByRole('listitem')
    .map((item) => [item.textContent, item.querySelector('path')?.getAttribute('fill')]);
}

describe('MapLegend', () => {
  afterEach(cleanup);

  it('tells purple verified pins from orange ones on plans that show verification', () => {
    render(<MapLegend verificationBadges />);
    expect(entries()).toEqual([
      ['Verified', MARKER_COLORS.verified],
      ['Not verified', MARKER_COLORS.plain],
    ]);
  });

  it('calls every orange pin a place on other plans, and names the plan that shows verified ones', () => {
    render(<MapLegend verificationBadges={false} />);
    expect(entries()).toEqual([
      ['Your places', MARKER_COLORS.plain],
      ['Verified (Pathfinder plan)', MARKER_COLORS.verified],
    ]);
  });
});
