// @vitest-environment happy-dom
// The Travel Timeline strip on its own: when it shows, the plan's placeholder, the toggle, choosing
// markers and clusters, and moving the view with the buttons, the keys, the wheel, a drag and a pinch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { planRequiredMessage, type Pin } from '@waymarks/shared';
import { buildPin } from '@waymarks/shared/testing';
import { Strip as StripHarness } from './strip.testing';

const lisbon = buildPin({ pinId: 'lisbon', title: 'Lisbon', visitDate: '2023-04-10' });
const porto = buildPin({ pinId: 'porto', title: 'Porto', visitDate: '2023-04-12' });
const kyoto = buildPin({
  pinId: 'kyoto',
  title: 'Kyoto',
  visitDate: '2024-10-01',
  verificationStatus: 'verified',
  verificationScore: 80,
});
const reykjavik = buildPin({ pinId: 'reykjavik', title: 'Reykjavik', visitDate: '2022-07-01' });
const undated = buildPin({ pinId: 'basel', title: 'Basel', visitDate: null });
const TRIP = [kyoto, lisbon, undated, porto, reykjavik];

function Strip(props: Omit<Parameters<typeof StripHarness>[0], 'pins'> & { pins?: Pin[] }) {
  return <StripHarness {...props} pins={props.pins ?? TRIP} />;
}

const axis = () => screen.getByRole('group', { name: /^Timeline, / });
const zoomShown = () => screen.getByRole('status', { name: 'Zoom' }).textContent;
/** The first day in view, read from the axis's name ('Timeline, Apr 1, 2023 – Jun 30, 2023'). */
const firstDayInView = () => {
  const name = axis().getAttribute('aria-label') ?? '';
  return Date.parse(name.replace('Timeline, ', '').split(' – ')[0] ?? '');
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('when the strip shows', () => {
  it('shows nothing when no pin has a visit date', () => {
    render(<Strip pins={[undated]} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('Travel Timeline')).toBeNull();
  });

  it('says it is loading while the pins load, unless the traveller hid it', () => {
    render(<Strip loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading your timeline');
    cleanup();
    render(<Strip loading initiallyShown={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('by plan', () => {
  it('shows a free traveller the placeholder, whose Upgrade goes to /profile', () => {
    render(<Strip tier="free" />);
    const placeholder = screen.getByRole('region', { name: 'Travel Timeline' });
    expect(placeholder.textContent).toContain(planRequiredMessage('timelineView'));
    expect(within(placeholder).queryByRole('group', { name: /^Timeline, / })).toBeNull();

    fireEvent.click(within(placeholder).getByRole('link', { name: 'Upgrade' }));
    expect(screen.getByRole('heading', { name: 'Profile & Settings' })).toBeTruthy();
  });

  it('shows a basic traveller the timeline with a marker per dated place and no placeholder', () => {
    render(<Strip tier="basic" />);
    const strip = screen.getByRole('region', { name: 'Travel Timeline' });
    expect(strip.textContent).not.toContain(planRequiredMessage('timelineView'));
    expect(screen.getByRole('button', { name: 'Reykjavik, July 1, 2022' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kyoto, October 1, 2024' })).toBeTruthy();
    // Lisbon and Porto, two days apart, are closer than 8% of the span at zoom 1.
    expect(
      screen.getByRole('button', { name: '2 places, from April 10, 2023 to April 12, 2023' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Basel/ })).toBeNull();
  });

  it('marks a verified pin in purple only on plans with verification badges', () => {
    render(<Strip tier="basic" />);
    expect(screen.getByRole('button', { name: 'Kyoto, October 1, 2024' }).hasAttribute('data-verified')).toBe(
      false,
    );
    cleanup();
    render(<Strip tier="plus" />);
    const marker = screen.getByRole('button', { name: 'Kyoto ✓ Verified, October 1, 2024' });
    expect(marker.getAttribute('data-verified')).toBe('true');
    expect(marker.querySelector('path')?.getAttribute('fill')).toBe('#5b21b6');
  });
});

describe('the toggle', () => {
  it('hides and shows the strip, saying which it does and what it controls', () => {
    render(<Strip />);
    const toggle = screen.getByRole('button', { name: 'Travel Timeline' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled?.contains(screen.getByRole('region', { name: 'Travel Timeline' }))).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(controlled?.hidden).toBe(true);
    expect(screen.queryByRole('region', { name: 'Travel Timeline' })).toBeNull();

    fireEvent.click(toggle);
    expect(screen.getByRole('region', { name: 'Travel Timeline' })).toBeTruthy();
  });

  it('also hides the placeholder on a plan without the timeline', () => {
    render(<Strip tier="free" initiallyShown={false} />);
    expect(screen.getByRole('button', { name: 'Travel Timeline' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });
});

describe('choosing on the timeline', () => {
  it('passes the pin of a single marker to onSelect', () => {
    const onSelect = vi.fn();
    render(<Strip onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reykjavik, July 1, 2022' }));
    expect(onSelect).toHaveBeenCalledWith(reykjavik);
  });

  it('zooms in around a cluster until its places stand apart', () => {
    const onSelect = vi.fn();
    render(<Strip onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /^2 places/ }));
    expect(zoomShown()).not.toBe('1×');
    expect(screen.queryByRole('button', { name: /^2 places/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Porto, April 12, 2023' }));
    expect(onSelect).toHaveBeenCalledWith(porto);
  });

  it('lists the places of a cluster the largest zoom cannot split, with 9+ on its badge', () => {
    const sameDay = Array.from({ length: 12 }, (_, n) =>
      buildPin({ pinId: `p${n}`, title: `Stop ${n + 1}`, visitDate: '2024-05-05' }),
    );
    const onSelect = vi.fn();
    render(<Strip pins={sameDay} onSelect={onSelect} />);
    const cluster = screen.getByRole('button', { name: '12 places, on May 5, 2024' });
    expect(cluster.textContent).toBe('9+');

    fireEvent.click(cluster);
    expect(zoomShown()).toBe('50×');
    fireEvent.click(screen.getByRole('button', { name: '12 places, on May 5, 2024' }));
    const list = screen.getByRole('group', { name: '12 places, on May 5, 2024' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(document.activeElement?.textContent).toBe('Stop 1, May 5, 2024');

    fireEvent.click(within(list).getByRole('button', { name: 'Stop 7, May 5, 2024' }));
    expect(onSelect).toHaveBeenCalledWith(sameDay[6]);
    expect(screen.queryByRole('group', { name: '12 places, on May 5, 2024' })).toBeNull();
  });
});

describe('moving the view', () => {
  it('zooms with the buttons by 1.5, resets, and cannot zoom out below 1', () => {
    render(<Strip />);
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement;
    expect(zoomOut.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoomShown()).toBe('2.3×');
    expect(zoomOut.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(zoomShown()).toBe('1×');
  });

  it('zooms and pans with the keys while the axis has the focus, and 0 resets', () => {
    render(<Strip />);
    const start = firstDayInView();
    axis().focus();
    fireEvent.keyDown(axis(), { key: '+' });
    expect(zoomShown()).toBe('1.5×');
    const zoomed = firstDayInView();
    expect(zoomed).toBeGreaterThan(start);

    fireEvent.keyDown(axis(), { key: 'ArrowRight' });
    expect(firstDayInView()).toBeGreaterThan(zoomed);
    fireEvent.keyDown(axis(), { key: 'ArrowLeft' });
    fireEvent.keyDown(axis(), { key: 'ArrowLeft' });
    expect(firstDayInView()).toBeLessThan(zoomed);
    fireEvent.keyDown(axis(), { key: 'Home' });
    expect(firstDayInView()).toBe(start);

    fireEvent.keyDown(axis(), { key: 'ArrowRight' });
    fireEvent.keyDown(axis(), { key: '0' });
    expect(zoomShown()).toBe('1×');
    expect(firstDayInView()).toBe(start);
  });

  it('puts the pan back to the start when zooming out to 1', () => {
    render(<Strip />);
    const start = firstDayInView();
    fireEvent.keyDown(axis(), { key: '+' });
    fireEvent.keyDown(axis(), { key: 'End' });
    fireEvent.keyDown(axis(), { key: '-' });
    expect(zoomShown()).toBe('1×');
    expect(firstDayInView()).toBe(start);
  });

  it('zooms with the wheel without letting the page scroll', () => {
    render(<Strip />);
    const notPrevented = fireEvent.wheel(axis(), { deltaY: -100, clientX: 200 });
    expect(notPrevented).toBe(false);
    expect(zoomShown()).toBe('1.5×');
  });

  it('pans by dragging, and the click that ends a drag selects nothing', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 1000, height: 68 }),
    );
    const onSelect = vi.fn();
    render(<Strip onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.keyDown(axis(), { key: 'Home' });
    const before = firstDayInView();
    // Pressed on a marker and dragged to the left by a tenth of the axis: the view moves later in time.
    const marker = screen.getByRole('button', { name: 'Reykjavik, July 1, 2022' });
    fireEvent.pointerDown(marker, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 300 });
    fireEvent.pointerMove(marker, { pointerId: 1, pointerType: 'mouse', clientX: 200 });
    fireEvent.pointerUp(marker, { pointerId: 1, pointerType: 'mouse', clientX: 200 });
    fireEvent.click(marker, { detail: 1 });
    expect(firstDayInView()).toBeGreaterThan(before);
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.pointerDown(marker, { pointerId: 2, pointerType: 'mouse', button: 0, clientX: 200 });
    fireEvent.pointerUp(marker, { pointerId: 2, pointerType: 'mouse', clientX: 201 });
    fireEvent.click(marker, { detail: 1 });
    expect(onSelect).toHaveBeenCalledWith(reykjavik);
  });

  it('zooms with a two-finger pinch', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 1000, height: 68 }),
    );
    render(<Strip />);
    const touch = (pointerId: number, clientX: number) => ({ pointerId, pointerType: 'touch', clientX });
    fireEvent.pointerDown(axis(), touch(1, 400));
    fireEvent.pointerDown(axis(), touch(2, 600));
    fireEvent.pointerMove(axis(), touch(2, 800));
    expect(zoomShown()).toBe('2×');
    fireEvent.pointerUp(axis(), touch(2, 800));
    fireEvent.pointerUp(axis(), touch(1, 400));
  });
});
