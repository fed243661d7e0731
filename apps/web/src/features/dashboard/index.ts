// The dashboard's parts: its header, stats bar and search box, the map (its code, MapLibre's, loads on its
// own when the map first shows), where the map may focus, and the traveller's map preferences.
import { lazy } from 'react';

export { DashboardHeader } from './components/DashboardHeader';
export { MapErrorBoundary } from './components/MapErrorBoundary';
export { SearchBox } from './components/SearchBox';
export { StatsBar } from './components/StatsBar';
export type { MapFocus } from './components/MapView';
export { boundsAround } from './map-bounds';
export { nearestPinWithin } from './own-places';
export { usePreferences } from './preferences';

export const MapView = lazy(() => import('./components/MapView'));
