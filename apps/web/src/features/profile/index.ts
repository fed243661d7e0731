// The /profile screen: the account, its plan and billing, the leaderboard opt-in and the account's data.
export { ProfileScreen } from './components/ProfileScreen';
export { PROFILE_MESSAGES } from './messages';
export { profileKeys } from './api/profile';
