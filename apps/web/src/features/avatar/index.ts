// The avatar: its dialog (overview and creator) and the traveller's picture, for the dashboard and the
// profile.
export { AvatarDialog } from './components/AvatarDialog';
export { AvatarImage } from './components/AvatarImage';
export { ProfileAvatar } from './components/ProfileAvatar';
export { avatarKeys } from './api/avatar';
