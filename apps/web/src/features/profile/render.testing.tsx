// The profile's component tests render the screen at /profile through the tests' shared harness
// (testing/render.tsx). Imported by tests only.
import type { ReactNode } from 'react';
import { renderAt as renderAtPath } from '../../testing/render';

export {
  answer,
  calledPaths,
  currentLocation,
  currentState,
  never,
  refuse,
  serve,
  type RequestMock,
  type RequestOptions,
} from '../../testing/render';

/** Renders `ui` at `path`, /profile by default. */
export const renderAt = (ui: ReactNode, path = '/profile') => renderAtPath(ui, path, '/profile');
