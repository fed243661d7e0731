// The travel page's texts in the app (issue 27), each written once here. The section labels, the privacy
// line and the server's own refusals come from @waymarks/shared (SHARE_SECTION_LABELS, SHARE_MESSAGES).

export const SHARE_TEXTS = {
  title: 'Share your travels',
  offIntro:
    'Make a travel page anyone with its link can open: your map, your countries and the places you choose. ' +
    'It stays private until you turn it on, and you can turn it off again at any time.',
  turnOn: 'Turn on my travel page',
  turningOn: 'Turning on…',
  onIntro: 'Your travel page is on. Anyone with this link can see it.',
  linkLabel: 'Link to your travel page',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFallback: 'The link is selected: copy it with your keyboard or your browser’s menu.',
  open: 'Open page',
  regenerate: 'Get a new link',
  regenerateTitle: 'Get a new link?',
  regenerateQuestion:
    'Your page gets a new address. The old link stops working at once, for everyone you have sent it to.',
  regenerateConfirm: 'Get a new link',
  regenerated: 'Your page has a new link. The old one no longer works.',
  regenerateFailed: 'Could not make a new link. Please try again.',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off your travel page?',
  turnOffQuestion: 'Nobody can open your page any more. If you turn it on again later, it gets a new link.',
  turnOffConfirm: 'Turn off my page',
  keep: 'Keep it on',
  keepLink: 'Keep this link',
  turnOffFailed: 'Could not turn off your page. Please try again.',
  turnOnFailed: 'Could not turn on your page. Please try again.',
  sectionsLegend: 'What your page shows',
  indexable: 'Let search engines list my page',
  indexableHint: 'Off: search engines are asked not to list it, and only people with the link find it.',
  hiddenLegend: 'Hide countries',
  hiddenHint: 'A hidden country leaves its places and their photos off your page.',
  noCountries: 'Countries appear here once you have places on your map.',
  countriesFailed: 'Your countries could not be loaded.',
  saveFailed: 'Could not save that change. Please try again.',
  saving: 'Saving…',
  saved: 'Saved',
  loading: 'Loading your travel page settings…',
  loadFailed: 'Your travel page settings could not be loaded.',
  retry: 'Try again',
  share: 'Share',
  shareTitle: 'My travels on Waymarks',
  sharing: 'Preparing your picture…',
  story: 'Download story picture',
  storyDone: 'Your story picture was downloaded.',
  pictureFailed: 'The picture could not be made. Please try again.',
  dismiss: 'Dismiss',
  placeHeading: 'Travel page',
  placePhotos: 'Show this place’s photos on my travel page',
  placePhotosHint: 'Photos are shared without their location or camera details.',
  placeHidden: 'Leave this place off my travel page',
  placeHiddenHint: 'The place and its photos are not on your page.',
  placeOff: 'Turn on your travel page on your profile to share places',
  placeSettingsFailed: 'Your travel page settings could not be loaded.',
} as const;

/** What the Share button did when the device could not share the picture itself. */
export function fallbackText(downloaded: boolean, copied: boolean): string {
  if (downloaded && copied) return 'Your picture was downloaded and the link to your page copied.';
  if (downloaded) return 'Your picture was downloaded. Copy the link to your page from your profile.';
  if (copied) return 'The picture could not be made, but the link to your page was copied.';
  return 'Neither the picture nor the link could be shared. Please try again from your profile.';
}
