// What other modules may use of the media module: the ZIP of originals (its entry names and the writer an
// account export adds its media to). Other modules read media rows through the TravellerMedia port of
// common/media.ts; everything else stays inside the module.
export { addOriginal, archiveEntryNames, finishArchive } from './archive.js';
