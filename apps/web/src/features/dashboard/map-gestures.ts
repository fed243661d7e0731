// How a pointer on the map offers a place (decision 083). A mouse (or pen) click offers the point at once.
// A finger offers it by holding still for half a second; a quick tap only closes what is open, since a tap
// is how a phone pans and picks pins and should not open anything by itself. Clicks on markers never get
// here: the markers keep them (components/PinMarkers.tsx).
import type { LngLat, MapMouseEvent, MapTouchEvent, Map as MaplibreMap } from 'maplibre-gl';

/** How long a finger holds still before the point under it is offered. */
export const LONG_PRESS_MS = 500;
/** How far (CSS pixels) a holding finger may drift and still count as still. */
export const LONG_PRESS_SLOP = 10;

export interface PlaceGestureEffects {
  /** Offer the place at a point. */
  offer: (lat: number, lng: number) => void;
  /** A tap on the empty map: close the offer that is open, if any. */
  dismiss: () => void;
}

interface Point {
  x: number;
  y: number;
}

interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The gestures without the map: fed the pointer's events, it says when a place is offered or dismissed. */
export class PlaceGestures {
  private pointerType = 'mouse';
  private holding: { start: Point; timer: unknown } | null = null;
  /** A long press offered its point: the click the browser may send when the finger lifts is spent. */
  private pressed = false;

  constructor(
    private readonly effects: PlaceGestureEffects,
    private readonly timers: Timers = browserTimers,
  ) {}

  /** Every pointer that goes down on the map says what it is: mouse, pen or touch. */
  pointerDown(pointerType: string): void {
    this.pointerType = pointerType;
  }

  /** Whether the last pointer down was a finger. */
  get byTouch(): boolean {
    return this.pointerType === 'touch';
  }

  click(lat: number, lng: number): void {
    if (!this.byTouch) {
      this.effects.offer(lat, lng);
      return;
    }
    if (this.pressed) {
      this.pressed = false;
      return;
    }
    this.effects.dismiss();
  }

  /** A finger goes down: one finger on the open map starts the wait; anything else is a pan or a pinch. */
  touchStart(point: Point, lat: number, lng: number, fingers: number, onMap: boolean): void {
    this.cancel();
    this.pressed = false;
    if (fingers !== 1 || !onMap) return;
    const timer = this.timers.set(() => {
      this.holding = null;
      this.pressed = true;
      this.effects.offer(lat, lng);
    }, LONG_PRESS_MS);
    this.holding = { start: point, timer };
  }

  touchMove(point: Point): void {
    if (!this.holding) return;
    const { start } = this.holding;
    if (Math.hypot(point.x - start.x, point.y - start.y) > LONG_PRESS_SLOP) this.cancel();
  }

  /** The finger lifted (or the browser took the touch over) before the wait was over. */
  touchEnd(): void {
    this.cancel();
  }

  cancel(): void {
    if (this.holding) this.timers.clear(this.holding.timer);
    this.holding = null;
  }
}

/** Listens to the map for the gestures above; answers a function that stops listening. */
export function watchPlaceGestures(map: MaplibreMap, effects: PlaceGestureEffects): () => void {
  const gestures = new PlaceGestures(effects);
  const container = map.getContainer();
  const wrapped = (lngLat: LngLat) => lngLat.wrap();

  const onPointerDown = (event: PointerEvent) => gestures.pointerDown(event.pointerType);
  // A long press would also ask the browser for its own menu.
  const onContextMenu = (event: Event) => {
    if (gestures.byTouch) event.preventDefault();
  };
  const onClick = (event: MapMouseEvent) => {
    const point = wrapped(event.lngLat);
    gestures.click(point.lat, point.lng);
  };
  const onTouchStart = (event: MapTouchEvent) => {
    const point = wrapped(event.lngLat);
    gestures.touchStart(
      event.point,
      point.lat,
      point.lng,
      event.originalEvent.touches.length,
      event.originalEvent.target === map.getCanvas(),
    );
  };
  const onTouchMove = (event: MapTouchEvent) => gestures.touchMove(event.point);
  const onTouchEnd = () => gestures.touchEnd();

  container.addEventListener('pointerdown', onPointerDown, { capture: true });
  container.addEventListener('contextmenu', onContextMenu);
  map.on('click', onClick);
  map.on('touchstart', onTouchStart);
  map.on('touchmove', onTouchMove);
  map.on('touchend', onTouchEnd);
  map.on('touchcancel', onTouchEnd);
  return () => {
    gestures.cancel();
    container.removeEventListener('pointerdown', onPointerDown, { capture: true });
    container.removeEventListener('contextmenu', onContextMenu);
    map.off('click', onClick);
    map.off('touchstart', onTouchStart);
    map.off('touchmove', onTouchMove);
    map.off('touchend', onTouchEnd);
    map.off('touchcancel', onTouchEnd);
  };
}
