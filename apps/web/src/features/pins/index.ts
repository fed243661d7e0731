// The signed-in user's pins: their queries and mutations, the country figures, the pin forms, and the bar
// that saves a pin's new point.
export * from './api/pins';
export * from './api/countries';
export { NewPlaceForm } from './components/NewPlaceForm';
export { SavedPinForm } from './components/SavedPinForm';
export { MovePinBar, type PinMove } from './components/MovePinBar';
