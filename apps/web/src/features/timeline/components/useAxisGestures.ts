// How the axis is moved by hand: the wheel zooms around the pointer, one pointer drags, two pinch, and the
// keys pan and zoom while the axis itself has focus. Every change goes through the pure rules of view.ts.
import {
  useCallback,
  useEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import {
  INITIAL_VIEW,
  KEY_PAN_SHARE,
  ZOOM_STEP,
  panBy,
  zoomAround,
  zoomIn,
  zoomOut,
  type TimelineView,
} from '../view';

export type ViewChange = (change: (view: TimelineView) => TimelineView) => void;

/** A wheel notch (100 px of deltaY in Chromium and Firefox) is one zoom step; a trackpad moves smoothly. */
const WHEEL_NOTCH_PX = 100;
const LINE_PX = 40;
const PAGE_PX = 800;
/** A press that moves less than this is a tap or a click, not a drag. */
export const DRAG_THRESHOLD_PX = 5;

type Point = { x: number; y: number };
type Drag = { startX: number; lastX: number; moved: boolean };
type Pinch = { distance: number; middle: number };

const pinchOf = ([a, b]: Point[]): Pinch | null =>
  a && b ? { distance: Math.hypot(a.x - b.x, a.y - b.y), middle: (a.x + b.x) / 2 } : null;

export function useAxisGestures(
  axis: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  change: ViewChange,
) {
  const pointers = useRef(new Map<number, Point>());
  const drag = useRef<Drag | null>(null);
  const pinch = useRef<Pinch | null>(null);
  /** Set once a press became a drag or a pinch: the click that ends it must not select a marker. */
  const moved = useRef(false);

  /** Where a screen x falls in the visible window (0 to 1), and the window's width in pixels. */
  const measure = useCallback(
    (clientX: number) => {
      const box = content.current?.getBoundingClientRect();
      const width = box && box.width > 0 ? box.width : 1;
      const share = box ? Math.min(Math.max((clientX - box.left) / width, 0), 1) : 0.5;
      return { share, width };
    },
    [content],
  );

  // React listens to the wheel passively; this listener is not, so zooming over the strip does not also
  // scroll the page.
  useEffect(() => {
    const element = axis.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const scale = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? PAGE_PX : 1;
      const dx = event.deltaX * scale;
      const dy = event.deltaY * scale;
      if (dx === 0 && dy === 0) return;
      event.preventDefault();
      const { share, width } = measure(event.clientX);
      if (Math.abs(dx) > Math.abs(dy)) change((view) => panBy(view, dx / width));
      else change((view) => zoomAround(view, view.zoom * ZOOM_STEP ** (-dy / WHEEL_NOTCH_PX), share));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [axis, change, measure]);

  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) {
      moved.current = false;
      drag.current = { startX: event.clientX, lastX: event.clientX, moved: false };
    } else {
      // A second finger: from now on the fingers pinch. Capturing keeps their moves coming to the axis.
      moved.current = true;
      drag.current = null;
      pinch.current = pinchOf([...pointers.current.values()]);
      for (const id of pointers.current.keys()) event.currentTarget.setPointerCapture?.(id);
    }
  }, []);

  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const point = pointers.current.get(event.pointerId);
      if (!point) return;
      point.x = event.clientX;
      point.y = event.clientY;
      const before = pinch.current;
      if (pointers.current.size >= 2 && before) {
        const after = pinchOf([...pointers.current.values()]);
        if (!after || before.distance === 0) return;
        pinch.current = after;
        const { share, width } = measure(after.middle);
        const ratio = after.distance / before.distance;
        const slide = (after.middle - before.middle) / width;
        change((view) => panBy(zoomAround(view, view.zoom * ratio, share), -slide));
        return;
      }
      const current = drag.current;
      if (!current) return;
      if (!current.moved) {
        if (Math.abs(event.clientX - current.startX) < DRAG_THRESHOLD_PX) return;
        // Captured only once it is a drag: a plain click still reaches the marker under the pointer.
        current.moved = true;
        moved.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      const dx = event.clientX - current.lastX;
      current.lastX = event.clientX;
      const { width } = measure(event.clientX);
      change((view) => panBy(view, -dx / width));
    },
    [change, measure],
  );

  const onPointerEnd = useCallback((event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    pinch.current = null;
    const [rest] = [...pointers.current.values()];
    // The finger left after a pinch carries on as a drag rather than jumping.
    drag.current = rest ? { startX: rest.x, lastX: rest.x, moved: true } : null;
  }, []);

  const onClickCapture = useCallback((event: MouseEvent<HTMLElement>) => {
    // A click from the keyboard (detail 0) is never the end of a drag.
    if (!moved.current || event.detail === 0) return;
    moved.current = false;
    event.stopPropagation();
    event.preventDefault();
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // Keys pressed on a marker are the marker's; the axis moves only when it has the focus itself.
      if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
      const action: Record<string, (view: TimelineView) => TimelineView> = {
        ArrowLeft: (view) => panBy(view, -KEY_PAN_SHARE),
        ArrowRight: (view) => panBy(view, KEY_PAN_SHARE),
        Home: (view) => panBy(view, -view.zoom),
        End: (view) => panBy(view, view.zoom),
        '+': (view) => zoomIn(view),
        '=': (view) => zoomIn(view),
        '-': (view) => zoomOut(view),
        '0': () => INITIAL_VIEW,
      };
      const move = action[event.key];
      if (!move) return;
      event.preventDefault();
      change(move);
    },
    [change],
  );

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: onPointerEnd,
    onPointerCancel: onPointerEnd,
    onClickCapture,
    onKeyDown,
  };
}
