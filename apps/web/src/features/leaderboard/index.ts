// The leaderboard: the /leaderboard screen and its locked panel, the opt-in switch (for the profile too),
// and the dashboard header's rank badge.
export { LeaderboardScreen } from './components/LeaderboardScreen';
export { OptInSwitch } from './components/OptInSwitch';
export { RankBadge } from './components/RankBadge';
export { useLeaderboardSettings, useUpdateLeaderboardSettings } from './api/settings';
export { LEADERBOARD_MESSAGES } from './messages';
export { leaderboardKeys } from './api/leaderboard';
