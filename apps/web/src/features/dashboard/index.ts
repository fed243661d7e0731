// The dashboard's parts: its header, stats bar and search box, the first-step hint, the offline notice, the
// photos shared to the installed app, the map (its code, MapLibre's, loads on its own when the map first
// shows), where the map may focus, the place it offers, and the traveller's map preferences.
import { lazy } from 'react';

export { DashboardHeader } from './components/DashboardHeader';
export { FirstStepHint } from './components/FirstStepHint';
export { MapErrorBoundary } from './components/MapErrorBoundary';
export { OfflineNotice } from './components/OfflineNotice';
export { SharedFilesNotice } from './components/SharedFilesNotice';
export { SearchBox } from './components/SearchBox';
export { StatsBar } from './components/StatsBar';
export type { MapFocus } from './components/MapView';
export type { MovingPin } from './components/MovePinLayer';
export type { PlaceProposal } from './components/PlacePopup';
export { boundsAround } from './map-bounds';
export { nearestPinWithin } from './own-places';
export { usePreferences } from './preferences';
export { useSharedFiles } from './shared-files';

export const MapView = lazy(() => import('./components/MapView'));
