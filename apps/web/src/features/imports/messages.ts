// The import screens' texts, each written once here. The plan's and the server's own sentences
// (IMPORT_PRIVACY_TEXT, importTooLargeMessage, an import's error) come from @waymarks/shared or the answer.

export const IMPORT_TEXTS = {
  title: 'Import past travels',
  intro:
    'Bring in the places you have been from a location history: Google Timeline, GPS tracks or Polarsteps. ' +
    'You see every place first and choose which to keep.',
  dropHere: 'Drag and drop your location history here',
  dropHint: 'JSON, GPX, KML, KMZ, GeoJSON or a ZIP of these. Several files at once make one import.',
  browse: 'Choose files',
  helpTitle: 'Where do I find my file?',
  uploading: 'Uploading your file…',
  reading: 'Reading your travels…',
  saving: 'Adding the places to your map…',
  cancel: 'Cancel import',
  cancelled: 'The import was cancelled. Nothing was added to your map.',
  cancelFailed: 'The import could not be cancelled. Please try again.',
  uploadFailed: 'The file could not be uploaded. Please try again.',
  uploadUnreachable: 'The file could not be uploaded. Check your connection and try again.',
  readFailed: 'The file could not be read. Please try another file.',
  statusFailed: 'The import could not be checked. Please try again.',
  previewFailed: 'The places found could not be loaded. Please try again.',
  commitFailed: 'The places could not be saved. Please try again.',
  tryAnother: 'Try another file',
  tryAgain: 'Try again',
  notFinished: 'This import’s files did not finish uploading. Cancel it and start again.',
  undoneAlready: 'This import was undone.',
  nothingFound: 'No stays were found in this file, so there is nothing to add.',
  countryRule:
    'A country counts only where one of your stays falls in it: flying over it or driving through does not add one.',
  nothingCounted: 'Nothing is added to your map, and nothing counts, until you save.',
  save: 'Add to my map',
  upgrade: 'Upgrade',
  viewMap: 'View my map',
  anotherImport: 'Import another file',
  historyTitle: 'Imported travels',
  historyEmpty: 'You have not imported a location history yet.',
  historyFailed: 'Your imports could not be loaded.',
  undo: 'Undo',
  undoFailed: 'The import could not be undone. Please try again.',
  review: 'Review and choose',
  inProgress: 'Show progress',
} as const;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** An import not finished yet, on the screen where a new one starts. */
export const waitingText = (files: string) => `Your import of ${files} is not finished.`;

export const placesCount = (count: number) => plural(count, 'place');
export const pinsCount = (count: number) => plural(count, 'pin');

/** The reading's figures so far, under its progress bar. */
export const readSoFar = (points: number, stays: number) =>
  `${plural(points, 'point')} read, ${plural(stays, 'stay')} found so far`;

export const foundSummary = (places: number, from: string | null, to: string | null) =>
  `We found ${placesCount(places)}` + (from && to ? ` visited between ${from} and ${to}.` : '.');

/** How much room the plan leaves, said above the list. */
export function roomText(room: number, planName: string): string {
  if (room === Infinity) return `Your ${planName} plan has no pin limit: you can keep every place.`;
  if (room === 0) return `Your ${planName} plan has no room for more pins.`;
  return `Your ${planName} plan has room for ${room.toLocaleString('en-GB')} more ${room === 1 ? 'pin' : 'pins'}. The places where you stayed longest are chosen first.`;
}

export const overRoomText = (over: number, room: number) =>
  `You have chosen ${plural(over, 'place')} more than your plan has room for (${room.toLocaleString('en-GB')}). ` +
  'Uncheck some, or upgrade to keep them all.';

export const leftOverText = (left: number) =>
  `${placesCount(left)} will not be added. Upgrade your plan to keep ${left === 1 ? 'it' : 'them'} too.`;

export const chosenText = (chosen: number, total: number) =>
  `${chosen.toLocaleString('en-GB')} of ${placesCount(total)} chosen`;

export const doneText = (created: number, matched: number) =>
  `${pinsCount(created)} added to your map.` +
  (matched > 0 ? ` ${placesCount(matched)} ${matched === 1 ? 'was' : 'were'} on your map already.` : '');

export const undoneText = (removed: number, kept: number) =>
  `The import was undone: ${pinsCount(removed)} removed.` +
  (kept > 0 ? ` ${pinsCount(kept)} with photos ${kept === 1 ? 'was' : 'were'} kept.` : '');

export const undoQuestion = (created: number) =>
  `This removes the ${pinsCount(created)} this import added to your map.`;

export const photosQuestion = (withPhotos: number) =>
  `You have added photos or videos to ${pinsCount(withPhotos)} of this import since. What should happen to ${withPhotos === 1 ? 'it' : 'them'}?`;
