// The travel page to share (issue 27): the profile's section that turns it on and chooses what it shows,
// the Share button, and a place's sharing switches in its dialog.
export { ShareSection } from './components/ShareSection';
export { ShareButton } from './components/ShareButton';
export { PlaceShareSwitches } from './components/PlaceShareSwitches';
export { shareKeys } from './api/share';
