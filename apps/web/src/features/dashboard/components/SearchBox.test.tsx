// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PlaceSearchResponse, PlaceSearchResult } from '@waymarks/shared';
import { SEARCH_CLOSE_DELAY_MS, SEARCH_DEBOUNCE_MS, SearchBox } from './SearchBox';

function result(name: string, countryCode = 'PT'): PlaceSearchResult {
  return {
    placeId: `gn:${name}`,
    name,
    title: name,
    description: '',
    lat: 38.7,
    lng: -9.1,
    country: 'Portugal',
    countryCode,
    countryName: 'Portugal',
    formattedAddress: `${name}, Portugal`,
    placeType: 'locality',
    visitDate: null,
  };
}

type Pending = {
  query: string;
  resolve: (response: PlaceSearchResponse) => void;
  reject: (error: Error) => void;
};

function setup() {
  const pending: Pending[] = [];
  const search = vi.fn(
    (query: string) =>
      new Promise<PlaceSearchResponse>((resolve, reject) => {
        pending.push({ query, resolve, reject });
      }),
  );
  const onSelect = vi.fn();
  render(<SearchBox search={search} onSelect={onSelect} />);
  const input = screen.getByRole('combobox', { name: 'Search destinations' });
  return { search, onSelect, pending, input };
}

async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

async function answer(pending: Pending | undefined, names: string[]) {
  await act(async () => pending?.resolve({ results: names.map((name) => result(name)) }));
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('shows the placeholder Search destinations...', () => {
    const { input } = setup();
    expect(input.getAttribute('placeholder')).toBe('Search destinations...');
  });

  it('asks once, 300 ms after the last keystroke, with what was typed last', async () => {
    const { search, input } = setup();
    for (const text of ['L', 'Li', 'Lis', 'Lisb']) {
      fireEvent.change(input, { target: { value: text } });
      await wait(100);
    }
    expect(search).not.toHaveBeenCalled();
    await wait(SEARCH_DEBOUNCE_MS - 100);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('Lisb');
  });

  it('drops an older answer that arrives after a newer one', async () => {
    const { input, pending } = setup();
    fireEvent.change(input, { target: { value: 'Par' } });
    await wait(SEARCH_DEBOUNCE_MS);
    fireEvent.change(input, { target: { value: 'Porto' } });
    await wait(SEARCH_DEBOUNCE_MS);
    expect(pending.map((call) => call.query)).toEqual(['Par', 'Porto']);

    await answer(pending[1], ['Porto']);
    await answer(pending[0], ['Paris', 'Parma']);
    expect(optionNames()).toEqual(['PortoPorto, Portugal']);
  });

  it('shows at most 5 results', async () => {
    const { input, pending } = setup();
    fireEvent.change(input, { target: { value: 'San' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], ['San 1', 'San 2', 'San 3', 'San 4', 'San 5', 'San 6']);
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  it('moves through results with the arrow keys and chooses with Enter, then clears the box', async () => {
    const { input, pending, onSelect } = setup();
    fireEvent.change(input, { target: { value: 'Lis' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], ['Lisbon', 'Lisburn', 'Lismore']);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('LisburnLisburn, Portugal');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[2]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ name: 'Lismore' }));
    expect((input as HTMLInputElement).value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('chooses a result with a click', async () => {
    const { input, pending, onSelect } = setup();
    fireEvent.change(input, { target: { value: 'Lis' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], ['Lisbon']);
    fireEvent.click(screen.getByRole('option'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ name: 'Lisbon' }));
  });

  it('closes the list 200 ms after the box loses focus, not before', async () => {
    const { input, pending } = setup();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Lis' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], ['Lisbon']);
    expect(input.getAttribute('aria-expanded')).toBe('true');

    fireEvent.blur(input);
    await wait(SEARCH_CLOSE_DELAY_MS - 50);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await wait(50);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('clears the results when a search fails and says so', async () => {
    const { input, pending } = setup();
    fireEvent.change(input, { target: { value: 'Lis' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await act(async () => pending[0]?.reject(new Error('offline')));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.queryByText('Search is not available right now. Please try again.')).not.toBeNull();
  });

  it('does not search for blank input', async () => {
    const { input, search } = setup();
    fireEvent.change(input, { target: { value: '   ' } });
    await wait(SEARCH_DEBOUNCE_MS * 2);
    expect(search).not.toHaveBeenCalled();
  });
});
