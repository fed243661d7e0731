// @vitest-environment happy-dom
// The banner for a server that cannot be reached: says so with the next try, offers Retry now, and says
// "Back online." when the server answers again; nothing at all while it answers, refusals included.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConnectionMonitor } from '../lib/connection';
import { flush, manualClock } from '../testing/manual-clock';
import { ConnectionBanner } from './ConnectionBanner';

afterEach(cleanup);

/** The live region, always on the page (not a role=status of its own: pages have theirs). */
const banner = () => document.querySelector('[data-connection-banner]')!;

function setUp() {
  const state = { up: false, status: 200, checks: 0 };
  const fetchImpl = ((input: RequestInfo | URL) => {
    if (String(input) === '/api/health') state.checks++;
    return state.up
      ? Promise.resolve(
          new Response('{}', { status: state.status, headers: { 'Content-Type': 'application/json' } }),
        )
      : Promise.reject(new TypeError('Failed to fetch'));
  }) as typeof fetch;
  const clock = manualClock(Date.now());
  const connection = new ConnectionMonitor({ fetch: fetchImpl, clock });
  render(<ConnectionBanner connection={connection} />);
  const request = () =>
    act(() =>
      connection
        .watch(fetchImpl)('/api/pins')
        .then(
          () => {},
          () => {},
        ),
    );
  return { state, clock, connection, request };
}

describe('ConnectionBanner', () => {
  it('says nothing while the server answers, even with an error', async () => {
    const { state, request } = setUp();
    state.up = true;
    state.status = 500;
    await request();

    expect(banner().textContent).toBe('');
  });

  it('says the server cannot be reached and when it tries again, in a live region', async () => {
    const { request } = setUp();
    await request();

    expect(banner().getAttribute('aria-live')).toBe('polite');
    expect(banner().textContent).toBe("Waymarks can't be reached. Trying again in 2 s.Retry now");
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Retry now' }).disabled).toBe(false);
  });

  it('checks at once on Retry now, and says Back online. when the server answers', async () => {
    const { state, request } = setUp();
    await request();

    state.up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await act(flush);

    expect(state.checks).toBe(1);
    expect(banner().textContent).toBe('Back online.');
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });

  it('keeps trying by itself and recovers without the traveller doing anything', async () => {
    const { state, clock, request } = setUp();
    await request();
    await act(() => clock.advance(2_000));
    expect(banner().textContent).toContain('Trying again in 4 s.');

    state.up = true;
    await act(() => clock.advance(4_000));

    expect(state.checks).toBe(2);
    expect(banner().textContent).toBe('Back online.');
  });
});
