// Stepping through the viewer's items: the arrow keys, a touch swipe, and the step the buttons call.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { MediaItem } from '@waymarks/shared';

/** A horizontal drag at least this long, and longer than it is tall, moves to the neighbour. */
export const SWIPE_MIN_PX = 50;

interface ViewerNavigationOptions {
  items: readonly MediaItem[];
  /** The shown item's position in items, -1 when none is shown. */
  index: number;
  /** True while a deletion is being asked or sent; the viewer then stays where it is. */
  held: boolean;
  /** Called with the neighbour to show, wrapping around at the ends. */
  onMove: (mediaId: string) => void;
}

export function useViewerNavigation({ items, index, held, onMove }: ViewerNavigationOptions) {
  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  function step(delta: number) {
    // Moving on would silently drop a question the traveller has not answered yet.
    if (!items[index] || items.length < 2 || held) return;
    const next = items[(index + delta + items.length) % items.length];
    if (!next) return;
    onMove(next.mediaId);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // A focused video seeks with the arrow keys.
    if (event.target instanceof Element && event.target.closest('video, input, textarea, select')) return;
    event.preventDefault();
    // React bubbles through the portal into the location dialog, whose own controls must not see the key.
    event.stopPropagation();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  }

  function handlePointerDown(event: PointerEvent<HTMLDivElement>) {
    // A mouse drags images rather than swiping; the video's own controls need their gestures.
    if (event.pointerType === 'mouse') return;
    if (event.target instanceof Element && event.target.closest('video, button')) return;
    swipeStart.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  }

  function handlePointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  }

  const swipeHandlers = {
    onPointerDown: handlePointerDown,
    onPointerUp: handlePointerUp,
    onPointerCancel: () => (swipeStart.current = null),
  };

  return { step, handleKeyDown, swipeHandlers };
}

export type SwipeHandlers = ReturnType<typeof useViewerNavigation>['swipeHandlers'];
