// What other modules may use of the avatar module: where a traveller's avatar renders are stored, so an
// account deletion can remove them. Saved avatars are read through the port of common/avatars.ts.
export { avatarKeyPrefix } from './avatar-image.js';
