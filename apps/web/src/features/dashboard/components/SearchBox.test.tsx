// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Pin, PlaceSearchResponse, PlaceSearchResult } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
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

function setup({ pins }: { pins?: Pin[] } = {}) {
  const pending: Pending[] = [];
  const search = vi.fn(
    (query: string) =>
      new Promise<PlaceSearchResponse>((resolve, reject) => {
        pending.push({ query, resolve, reject });
      }),
  );
  const onSelect = vi.fn();
  const onSelectPin = vi.fn();
  render(
    pins ? (
      <SearchBox search={search} onSelect={onSelect} pins={pins} onSelectPin={onSelectPin} />
    ) : (
      <SearchBox search={search} onSelect={onSelect} />
    ),
  );
  const input = screen.getByRole('combobox', { name: 'Search destinations' });
  return { search, onSelect, onSelectPin, pending, input };
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

describe('SearchBox with the traveller’s own places', () => {
  const italy = { countryCode: 'IT', countryName: 'Italy' };
  const arezzo = buildPin({ pinId: 'arezzo', title: 'Arézzo', mediaCount: 3, ...italy });
  const florence = buildPin({ pinId: 'florence', title: 'Florence', ...italy });
  const pins = [florence, arezzo];

  const activeText = (input: HTMLElement) => {
    const active = input.getAttribute('aria-activedescendant');
    return active ? document.getElementById(active)?.textContent : undefined;
  };

  it('lists matching own places at once, before the gazetteer asks, marked as theirs for eye and ear', async () => {
    const { input, search } = setup({ pins });
    fireEvent.change(input, { target: { value: 'arezzo' } });
    expect(search).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const own = screen.getByRole('group', { name: 'Your places' });
    const option = screen.getByRole('option', { name: 'Arézzo, Your place, Italy, 3 media' });
    expect(own.contains(option)).toBe(true);
    expect(option.textContent).toContain('Your place');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByText('1 of your places found')).not.toBeNull();
  });

  it('lists own places first and the gazetteer results after them, still at most 5 of those', async () => {
    const { input, pending } = setup({ pins });
    fireEvent.change(input, { target: { value: 'Arezzo' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], ['Arezzo', 'Arezzo 2', 'Arezzo 3', 'Arezzo 4', 'Arezzo 5', 'Arezzo 6']);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(6);
    expect(options[0]?.getAttribute('aria-label')).toBe('Arézzo, Your place, Italy, 3 media');
    expect(options[1]?.textContent).toBe('ArezzoArezzo, Portugal');
    expect(screen.getByRole('group', { name: 'Places' }).contains(options[1] ?? null)).toBe(true);
    expect(screen.getByText('1 of your places and 5 places found')).not.toBeNull();
  });

  it('chooses an own place with a click: onSelectPin gets the pin, and the box clears', async () => {
    const { input, onSelect, onSelectPin } = setup({ pins });
    fireEvent.change(input, { target: { value: 'ARE' } });
    fireEvent.click(screen.getByRole('option', { name: /^Arézzo, Your place/ }));
    expect(onSelectPin).toHaveBeenCalledWith(arezzo);
    expect(onSelect).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('moves through own places and gazetteer results as one list, and Enter takes the first', async () => {
    const { input, pending, onSelect, onSelectPin } = setup({ pins });
    fireEvent.change(input, { target: { value: 'ital' } });
    await wait(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], ['Italy']);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeText(input)).toMatch(/^Florence/);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeText(input)).toMatch(/^Arézzo/);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeText(input)).toBe('ItalyItaly, Portugal');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeText(input)).toMatch(/^Florence/);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeText(input)).toBe('ItalyItaly, Portugal');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ name: 'Italy' }));

    fireEvent.change(input, { target: { value: 'ital' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelectPin).toHaveBeenCalledWith(florence);
  });

  it('keeps the mark on an own place when the gazetteer answers', async () => {
    const { input, pending, onSelectPin } = setup({ pins });
    fireEvent.change(input, { target: { value: 'ital' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await wait(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], ['Italy']);
    expect(activeText(input)).toMatch(/^Arézzo/);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelectPin).toHaveBeenCalledWith(arezzo);
  });

  it('still shows own places while the gazetteer searches and after it fails', async () => {
    const { input, pending } = setup({ pins });
    fireEvent.change(input, { target: { value: 'Flor' } });
    await wait(SEARCH_DEBOUNCE_MS);
    expect(screen.getByText('Searching…')).not.toBeNull();
    expect(optionNames()).toEqual(['FlorenceYour place · Italy · 0 media']);
    await act(async () => pending[0]?.reject(new Error('offline')));
    expect(screen.getByText('Search is not available right now. Please try again.')).not.toBeNull();
    expect(optionNames()).toEqual(['FlorenceYour place · Italy · 0 media']);
    expect(screen.getByText('1 of your places found')).not.toBeNull();
  });
});
