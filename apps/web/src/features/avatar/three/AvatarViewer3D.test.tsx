// @vitest-environment happy-dom
// The viewer's React side, with the scene replaced by a recording double: the test DOM has no WebGL, and what
// is drawn is checked in the browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AvatarLook } from './look';
import type { AvatarSceneController, AvatarSceneOptions } from './scene';

const scenes: FakeScene[] = [];
let failWith: Error | null = null;

class FakeScene implements AvatarSceneController {
  distance = 4.5;
  angle = 0;
  looks: AvatarLook[] = [];
  sizes: [number, number][] = [];
  disposed = false;
  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly options: AvatarSceneOptions,
  ) {}
  setLook = (look: AvatarLook) => void this.looks.push(look);
  zoomIn = vi.fn(() => this.moveTo(Math.max(1.5, this.distance - 0.5)));
  zoomOut = vi.fn(() => this.moveTo(Math.min(7, this.distance + 0.5)));
  rotateLeft = vi.fn();
  rotateRight = vi.fn();
  resize = (width: number, height: number) => void this.sizes.push([width, height]);
  renderNow = vi.fn();
  toPng = vi.fn(async () => new Blob());
  toGlb = vi.fn(async () => new ArrayBuffer(0));
  dispose = () => void (this.disposed = true);
  moveTo(distance: number) {
    this.distance = distance;
    this.options.onViewChange?.({ distance, angle: this.angle });
  }
}

vi.mock('./scene', () => ({
  createAvatarScene: (canvas: HTMLCanvasElement, options: AvatarSceneOptions = {}) => {
    if (failWith) throw failWith;
    const scene = new FakeScene(canvas, options);
    scenes.push(scene);
    return scene;
  },
}));

const { default: AvatarViewer3D, VIEWER_SIZES } = await import('./AvatarViewer3D');

const LOOK: AvatarLook = { top: { shape: 'hoodie', color: '#4b5563' } };

beforeEach(() => {
  scenes.length = 0;
  failWith = null;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AvatarViewer3D', () => {
  it('shows a labelled, focusable picture holding the canvas, ready once the first frame is drawn', () => {
    const onReady = vi.fn();
    render(<AvatarViewer3D look={LOOK} size="medium" label="Your avatar" onReady={onReady} />);

    const picture = screen.getByRole('img', { name: 'Your avatar' });
    expect(picture.tabIndex).toBe(0);
    expect(picture.querySelector('canvas')).toBe(scenes[0]?.canvas);
    expect(picture.dataset.avatarReady).toBe('true');
    expect(scenes[0]?.looks[0]).toEqual(LOOK);
    expect(scenes[0]?.renderNow).toHaveBeenCalled();
    expect(onReady).toHaveBeenCalledWith(scenes[0]);
  });

  it('keeps the size’s aspect and shrinks to the width on a narrow screen', () => {
    render(<AvatarViewer3D look={LOOK} size="large" label="Avatar" />);

    const picture = screen.getByRole('img', { name: 'Avatar' });
    expect(picture.parentElement?.style.width).toBe(`${VIEWER_SIZES.large.width}px`);
    expect(picture.parentElement?.className).toContain('max-w-full');
    expect(picture.style.aspectRatio).toBe('560 / 680');
  });

  it('zooms and turns with its buttons, and disables zooming in at the closest distance', () => {
    render(<AvatarViewer3D look={LOOK} size="medium" label="Avatar" />);
    const scene = scenes[0]!;

    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(scene.rotateLeft).toHaveBeenCalledTimes(1);
    expect(scene.rotateRight).toHaveBeenCalledTimes(1);
    expect(scene.zoomOut).toHaveBeenCalledTimes(1);

    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    for (let step = 0; step < 8; step++) fireEvent.click(zoomIn);
    expect(scene.distance).toBe(1.5);
    expect(zoomIn).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', false);
  });

  it('answers the arrow keys, + or = and - on the picture', () => {
    render(<AvatarViewer3D look={LOOK} size="small" label="Avatar" />);
    const picture = screen.getByRole('img', { name: 'Avatar' });
    const scene = scenes[0]!;

    for (const key of ['ArrowLeft', 'ArrowRight', '+', '=', '-', 'a']) fireEvent.keyDown(picture, { key });

    expect(scene.rotateLeft).toHaveBeenCalledTimes(1);
    expect(scene.rotateRight).toHaveBeenCalledTimes(1);
    expect(scene.zoomIn).toHaveBeenCalledTimes(2);
    expect(scene.zoomOut).toHaveBeenCalledTimes(1);
  });

  it('shows no buttons when controls are off', () => {
    render(<AvatarViewer3D look={LOOK} size="small" label="Avatar" controls={false} />);

    expect(screen.queryByRole('button')).toBeNull();
  });

  it('dresses the same scene in a new look, and disposes it on unmount', () => {
    const { rerender, unmount } = render(<AvatarViewer3D look={LOOK} size="fullscreen" label="Avatar" />);
    const next: AvatarLook = { top: { shape: 'coat', color: '#6b2d1f' } };

    rerender(<AvatarViewer3D look={next} size="fullscreen" label="Avatar" />);
    expect(scenes).toHaveLength(1);
    expect(scenes[0]?.looks.at(-1)).toEqual(next);

    unmount();
    expect(scenes[0]?.disposed).toBe(true);
    expect(scenes[0]?.canvas.isConnected).toBe(false);
  });

  it('reports a scene that cannot be made and draws nothing', () => {
    failWith = new Error('WebGL is not available in this browser, so the avatar cannot be drawn in 3D.');
    const onError = vi.fn();

    const { container } = render(
      <AvatarViewer3D look={LOOK} size="medium" label="Avatar" onError={onError} />,
    );

    expect(onError).toHaveBeenCalledWith(failWith);
    expect(container.innerHTML).toBe('');
  });

  it('survives StrictMode’s second mount with a fresh canvas', async () => {
    const { StrictMode } = await import('react');
    await act(async () => {
      render(
        <StrictMode>
          <AvatarViewer3D look={LOOK} size="medium" label="Avatar" />
        </StrictMode>,
      );
    });

    expect(scenes).toHaveLength(2);
    expect(scenes[0]?.disposed).toBe(true);
    expect(scenes[1]?.disposed).toBe(false);
    expect(scenes[1]?.canvas).not.toBe(scenes[0]?.canvas);
    expect(screen.getByRole('img', { name: 'Avatar' }).querySelectorAll('canvas')).toHaveLength(1);
  });
});
