// The signed-in user's pins: their queries and mutations, the country figures, and the pin forms.
export * from './api/pins';
export * from './api/countries';
export { NewPlaceForm } from './components/NewPlaceForm';
export { SavedPinForm } from './components/SavedPinForm';
