// @vitest-environment happy-dom
// Filtering the map by years on the timeline: the two thumbs, the summary, Show all, play with its pause,
// and the list of the places without a date.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { buildPin } from '@waymarks/shared/testing';
import { manualClock } from '../../../testing/manual-clock';
import { Strip } from './strip.testing';
import { PLAY_STEP_MS } from './useYearPlayer';

const reykjavik = buildPin({ pinId: 'reykjavik', title: 'Reykjavik', visitDate: '2021-07-01' });
const lisbon = buildPin({ pinId: 'lisbon', title: 'Lisbon', visitDate: '2023-04-10' });
const porto = buildPin({ pinId: 'porto', title: 'Porto', visitDate: '2023-04-12' });
const kyoto = buildPin({ pinId: 'kyoto', title: 'Kyoto', visitDate: '2024-10-01' });
const basel = buildPin({ pinId: 'basel', title: 'Basel', visitDate: null });
const bern = buildPin({ pinId: 'bern', title: 'Bern', visitDate: null });
const TRIP = [kyoto, lisbon, basel, porto, reykjavik, bern];

const fromYear = () => screen.getByRole('slider', { name: 'From year' }) as HTMLInputElement;
const toYear = () => screen.getByRole('slider', { name: 'To year' }) as HTMLInputElement;
/** The live line that says what the map shows ('2019–2021 · 12 places'). */
const summary = () => {
  const found = screen
    .getAllByRole('status')
    .filter((status) => / · \d+ places?$/.test(status.textContent ?? ''));
  if (found.length !== 1) throw new Error(`expected one summary, found ${found.length}`);
  return found[0] as HTMLElement;
};
const playButton = () => screen.getByRole('button', { name: 'Play through the years' });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('choosing years', () => {
  it('offers thumbs from the first to the last dated year, showing every place until one moves', () => {
    render(<Strip pins={TRIP} />);
    expect([fromYear().min, fromYear().max, fromYear().value]).toEqual(['2021', '2024', '2021']);
    expect(toYear().value).toBe('2024');
    expect(summary().textContent).toBe('All years · 6 places');
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it('filters to the chosen years, says so, and Show all puts every place back', () => {
    const onSpanChange = vi.fn();
    render(<Strip pins={TRIP} onSpanChange={onSpanChange} />);
    fireEvent.change(fromYear(), { target: { value: '2022' } });
    expect(onSpanChange).toHaveBeenLastCalledWith({ from: 2022, to: 2024 });
    fireEvent.change(toYear(), { target: { value: '2023' } });
    expect(onSpanChange).toHaveBeenLastCalledWith({ from: 2022, to: 2023 });
    expect(summary().textContent).toBe('2022–2023 · 2 places');

    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(onSpanChange).toHaveBeenLastCalledWith(null);
    expect(summary().textContent).toBe('All years · 6 places');
    expect(document.activeElement).toBe(fromYear());
  });

  it('never lets the first year pass the last, and a span back over every year is no filter', () => {
    const onSpanChange = vi.fn();
    render(<Strip pins={TRIP} onSpanChange={onSpanChange} />);
    fireEvent.change(toYear(), { target: { value: '2022' } });
    fireEvent.change(fromYear(), { target: { value: '2024' } });
    expect(onSpanChange).toHaveBeenLastCalledWith({ from: 2022, to: 2022 });
    expect(summary().textContent).toBe('2022 · 0 places');

    fireEvent.change(fromYear(), { target: { value: '2021' } });
    fireEvent.change(toYear(), { target: { value: '2024' } });
    expect(onSpanChange).toHaveBeenLastCalledWith(null);
    expect(summary().textContent).toBe('All years · 6 places');
  });

  it('shows no year filter when every dated place is in one year', () => {
    render(<Strip pins={[lisbon, porto, basel]} />);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play through the years' })).toBeNull();
    expect(screen.getByRole('button', { name: '1 undated place' })).toBeTruthy();
  });

  it('clears the filter when the strip is hidden, so the map never stays filtered out of sight', () => {
    const onSpanChange = vi.fn();
    render(<Strip pins={TRIP} onSpanChange={onSpanChange} />);
    fireEvent.change(fromYear(), { target: { value: '2023' } });
    fireEvent.click(screen.getByRole('button', { name: 'Travel Timeline' }));
    expect(onSpanChange).toHaveBeenLastCalledWith(null);
  });

  it('gives a free traveller the placeholder and no filter', () => {
    render(<Strip pins={TRIP} tier="free" />);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: /undated/ })).toBeNull();
  });
});

describe('play', () => {
  it('steps one year with visits at a time, then stops on the last', async () => {
    const clock = manualClock();
    const onSpanChange = vi.fn();
    render(<Strip pins={TRIP} clock={clock} onSpanChange={onSpanChange} />);
    fireEvent.click(playButton());
    expect(summary().textContent).toBe('2021 · 1 place');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();

    await act(() => clock.advance(PLAY_STEP_MS - 1));
    expect(summary().textContent).toBe('2021 · 1 place');
    await act(() => clock.advance(1));
    // 2022 has no visits: play goes on to 2023.
    expect(summary().textContent).toBe('2023 · 2 places');
    await act(() => clock.advance(PLAY_STEP_MS));
    expect(summary().textContent).toBe('2024 · 1 place');
    await act(() => clock.advance(PLAY_STEP_MS));
    expect(playButton()).toBeTruthy();
    await act(() => clock.advance(PLAY_STEP_MS * 3));
    expect(summary().textContent).toBe('2024 · 1 place');
    expect(onSpanChange.mock.calls.map(([span]) => span)).toEqual([
      { from: 2021, to: 2021 },
      { from: 2023, to: 2023 },
      { from: 2024, to: 2024 },
    ]);
  });

  it('pauses where it is and goes on from there', async () => {
    const clock = manualClock();
    render(<Strip pins={TRIP} clock={clock} />);
    fireEvent.click(playButton());
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await act(() => clock.advance(PLAY_STEP_MS * 2));
    expect(summary().textContent).toBe('2021 · 1 place');

    fireEvent.click(playButton());
    expect(summary().textContent).toBe('2023 · 2 places');
  });

  it('stops when the traveller moves a thumb or shows all', async () => {
    const clock = manualClock();
    render(<Strip pins={TRIP} clock={clock} />);
    fireEvent.click(playButton());
    fireEvent.change(toYear(), { target: { value: '2023' } });
    expect(playButton()).toBeTruthy();
    await act(() => clock.advance(PLAY_STEP_MS * 2));
    expect(summary().textContent).toBe('2021–2023 · 3 places');

    fireEvent.click(playButton());
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await act(() => clock.advance(PLAY_STEP_MS * 2));
    expect(summary().textContent).toBe('All years · 6 places');
  });
});

describe('undated places', () => {
  it('are counted, listed on request, and each opens its place', () => {
    const onSelect = vi.fn();
    render(<Strip pins={TRIP} onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: '2 undated places' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('group', { name: '2 undated places' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Basel', 'Bern']);
    expect(document.activeElement?.textContent).toBe('Basel');

    fireEvent.click(within(list).getByRole('button', { name: 'Bern' }));
    expect(onSelect).toHaveBeenCalledWith(bern);
    expect(screen.queryByRole('group', { name: '2 undated places' })).toBeNull();
  });

  it('close with Escape, giving the keyboard back to their button', () => {
    render(<Strip pins={TRIP} />);
    const button = screen.getByRole('button', { name: '2 undated places' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Basel' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: '2 undated places' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
