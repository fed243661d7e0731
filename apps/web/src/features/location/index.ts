// The location dialog: where a place's pin (pins) and its photos and videos (media) meet.
export { LocationDialog } from './components/LocationDialog';
