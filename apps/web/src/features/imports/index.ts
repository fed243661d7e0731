// Importing past travels from a location history (issue 26): the /import screen, and the profile's
// history of imports with their Undo.
export { ImportScreen } from './components/ImportScreen';
export { ImportHistory } from './components/ImportHistory';
export { IMPORT_TEXTS } from './messages';
