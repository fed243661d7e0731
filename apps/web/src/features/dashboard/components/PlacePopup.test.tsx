// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { placeFromReverse, placeWhenLookupFails } from '../../places';
import { PlacePopupContent } from './PlacePopup';

const SINTRA = placeFromReverse(38.8, -9.4, {
  city: 'Sintra',
  region: 'Lisbon',
  countryCode: 'PT',
  countryName: 'Portugal',
});

describe('PlacePopupContent', () => {
  afterEach(cleanup);

  it('says it is looking up, takes focus, and moves it to Add this place once the place is named', async () => {
    const onAdd = vi.fn();
    const { rerender } = render(<PlacePopupContent place={null} onAdd={onAdd} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Looking up…' });
    expect(screen.getByRole('status').textContent).toBe('Looking up…');
    expect(screen.queryByRole('button', { name: 'Add this place' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(dialog));

    rerender(<PlacePopupContent place={SINTRA} onAdd={onAdd} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Sintra' }).textContent).toContain('Portugal');
    const add = screen.getByRole('button', { name: 'Add this place' });
    expect(document.activeElement).toBe(add);
    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('closes on Escape and on Close', () => {
    const onClose = vi.fn();
    render(<PlacePopupContent place={SINTRA} onAdd={() => {}} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('names a point the lookup could not name Unknown Location, with no country', () => {
    render(<PlacePopupContent place={placeWhenLookupFails(1, 2)} onAdd={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Unknown Location' })).toBeTruthy();
    // The fallback country ('Unknown', code XX) is not shown as if it were one.
    expect(screen.queryByText('Unknown')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add this place' })).toBeTruthy();
  });
});
