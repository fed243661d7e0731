import { beforeEach, describe, expect, it } from 'vitest';
import { LONG_PRESS_MS, LONG_PRESS_SLOP, PlaceGestures } from './map-gestures';

/** Timers run by hand: `elapse` fires the waits that are due. */
class ManualTimers {
  now = 0;
  private waits = new Map<number, { at: number; callback: () => void }>();
  private next = 0;
  set = (callback: () => void, ms: number) => {
    this.next += 1;
    this.waits.set(this.next, { at: this.now + ms, callback });
    return this.next;
  };
  clear = (handle: unknown) => {
    this.waits.delete(handle as number);
  };
  elapse(ms: number) {
    this.now += ms;
    for (const [handle, wait] of [...this.waits]) {
      if (wait.at > this.now) continue;
      this.waits.delete(handle);
      wait.callback();
    }
  }
}

const LISBON = { lat: 38.72, lng: -9.14 };
const AT = { x: 100, y: 200 };

describe('PlaceGestures', () => {
  let timers: ManualTimers;
  let said: string[];
  let gestures: PlaceGestures;

  beforeEach(() => {
    timers = new ManualTimers();
    said = [];
    gestures = new PlaceGestures(
      { offer: (lat, lng) => said.push(`offer ${lat},${lng}`), dismiss: () => said.push('dismiss') },
      timers,
    );
  });

  const hold = (fingers = 1, onMap = true) => gestures.touchStart(AT, LISBON.lat, LISBON.lng, fingers, onMap);

  it('offers the point of a mouse click at once', () => {
    gestures.pointerDown('mouse');
    gestures.click(LISBON.lat, LISBON.lng);
    expect(said).toEqual(['offer 38.72,-9.14']);
  });

  it('takes a pen like a mouse', () => {
    gestures.pointerDown('pen');
    gestures.click(LISBON.lat, LISBON.lng);
    expect(said).toEqual(['offer 38.72,-9.14']);
  });

  it('only dismisses on a quick tap', () => {
    gestures.pointerDown('touch');
    hold();
    timers.elapse(120);
    gestures.touchEnd();
    gestures.click(LISBON.lat, LISBON.lng);
    timers.elapse(LONG_PRESS_MS);
    expect(said).toEqual(['dismiss']);
  });

  it('offers the point under a finger held still for the long-press time, and spends the click that follows', () => {
    gestures.pointerDown('touch');
    hold();
    timers.elapse(LONG_PRESS_MS - 1);
    expect(said).toEqual([]);
    gestures.touchMove({ x: AT.x + LONG_PRESS_SLOP / 2, y: AT.y });
    timers.elapse(1);
    expect(said).toEqual(['offer 38.72,-9.14']);
    gestures.touchEnd();
    gestures.click(LISBON.lat, LISBON.lng);
    expect(said).toEqual(['offer 38.72,-9.14']);
    // The next tap is a tap again.
    hold();
    gestures.touchEnd();
    gestures.click(LISBON.lat, LISBON.lng);
    expect(said).toEqual(['offer 38.72,-9.14', 'dismiss']);
  });

  it('offers nothing for a finger that pans, a pinch, or a press on a marker', () => {
    gestures.pointerDown('touch');
    hold();
    gestures.touchMove({ x: AT.x, y: AT.y + LONG_PRESS_SLOP + 1 });
    timers.elapse(LONG_PRESS_MS * 2);
    hold(2);
    timers.elapse(LONG_PRESS_MS * 2);
    hold(1, false);
    timers.elapse(LONG_PRESS_MS * 2);
    expect(said).toEqual([]);
  });

  it('stops waiting when the finger lifts early or the gestures are cancelled', () => {
    gestures.pointerDown('touch');
    hold();
    timers.elapse(LONG_PRESS_MS / 2);
    gestures.touchEnd();
    hold();
    gestures.cancel();
    timers.elapse(LONG_PRESS_MS * 2);
    expect(said).toEqual([]);
  });
});
