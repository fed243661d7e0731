// @vitest-environment happy-dom
// The Share button against a stubbed server: with the page off it leads to the profile's section; with it
// on, where the device cannot share files, the picture is downloaded and the link copied, and it says both.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { answer, currentLocation, renderAt, serve, type RequestMock } from '../../../testing/render';
import { buildShareSettings, PAGE_PATH, SHARE_OFF } from '../share.testing';
import { ShareButton } from './ShareButton';

const { request } = vi.hoisted(() => ({ request: vi.fn() as unknown as RequestMock }));
vi.mock('../../../app/auth/useAuth', () => ({ useAuth: () => ({ request }) }));

beforeEach(() => {
  vi.mocked(request).mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ShareButton', () => {
  it('leads to the profile section while the travel page is off', async () => {
    serve(request, { 'GET /share': answer(SHARE_OFF) });
    renderAt(<ShareButton />, '/dashboard');

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile#share'));
  });

  it('downloads the picture and copies the link where the device cannot share files, and says both', async () => {
    serve(request, { 'GET /share': answer(buildShareSettings()) });
    const picture = vi.fn((_path: string) =>
      Promise.resolve(new Response(new Blob(['png'], { type: 'image/png' }))),
    );
    const clipboard = { writeText: vi.fn(() => Promise.resolve()) };
    vi.stubGlobal('fetch', picture);
    vi.stubGlobal('navigator', { ...navigator, clipboard, share: undefined, canShare: undefined });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt(<ShareButton />, '/dashboard');

    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(
      await screen.findByText('Your picture was downloaded and the link to your page copied.'),
    ).toBeTruthy();
    expect(picture.mock.calls[0]![0]).toBe(`${PAGE_PATH}/image.png`);
    expect(clipboard.writeText).toHaveBeenCalledWith(`${window.location.origin}${PAGE_PATH}`);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('my-travels.png');
  });
});
