// The strip as the dashboard holds it, for component tests: the showTimeline choice and the span of years
// kept in state, a /profile route for Upgrade, and the span reported to the test. Imported by tests only.
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Pin, TierId } from '@waymarks/shared';
import type { Clock } from '../../../lib/clock';
import type { YearSpan } from '../filter';
import { TimelineStrip } from './TimelineStrip';

export function Strip({
  pins,
  tier = 'basic',
  loading = false,
  initiallyShown = true,
  onSelect = () => {},
  onSpanChange = () => {},
  clock,
}: {
  pins: Pin[];
  tier?: TierId;
  loading?: boolean;
  initiallyShown?: boolean;
  onSelect?: (pin: Pin) => void;
  onSpanChange?: (span: YearSpan | null) => void;
  clock?: Clock;
}) {
  const [shown, setShown] = useState(initiallyShown);
  const [span, setSpan] = useState<YearSpan | null>(null);
  return (
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <TimelineStrip
              pins={pins}
              loading={loading}
              tier={tier}
              shown={shown}
              onShownChange={setShown}
              onSelect={onSelect}
              span={span}
              onSpanChange={(next) => {
                setSpan(next);
                onSpanChange(next);
              }}
              clock={clock}
            />
          }
        />
        <Route path="/profile" element={<h1>Profile & Settings</h1>} />
      </Routes>
    </MemoryRouter>
  );
}
