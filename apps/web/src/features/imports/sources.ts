// Where a traveller finds the file each source exports: the short help beside the drop zone.

export interface ImportSource {
  id: string;
  name: string;
  steps: string;
}

export const IMPORT_SOURCES: readonly ImportSource[] = [
  {
    id: 'takeout',
    name: 'Google Takeout',
    steps:
      'At takeout.google.com choose Location History (Timeline) and export it. Choose the ZIP you download, ' +
      'or from inside it Records.json or the files of Semantic Location History.',
  },
  {
    id: 'android',
    name: 'Android phone (Google Timeline)',
    steps:
      'Open Settings > Location > Location services > Timeline > Export Timeline data, and save the file. ' +
      'Choose it here on your phone, or send it to your computer.',
  },
  {
    id: 'iphone',
    name: 'iPhone (Google Maps)',
    steps: 'In the Google Maps app open Your Timeline, tap … then Export Timeline data, and save the file.',
  },
  {
    id: 'tracks',
    name: 'Watches and GPS apps',
    steps:
      'Export your activities or tracks as GPX or KML (KMZ works too) from the app or its website. ' +
      'Choose several files at once to read them together.',
  },
  {
    id: 'polarsteps',
    name: 'Polarsteps',
    steps:
      'In Polarsteps open Account settings > Download my data. When the e-mail comes, choose the ZIP it links to.',
  },
];
