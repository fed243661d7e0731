// The leaderboard's texts from SPEC.md §2 and §8, each written once here and shown where the UI needs it.

export const LEADERBOARD_MESSAGES = {
  lockedTitle: 'Global Leaderboard',
  loadFailed: 'Failed to load leaderboard. Please try again.',
  detailsFailed: 'Failed to load user details. Please try again.',
  settingsFailed: 'Failed to update leaderboard settings',
  joined: 'You will now appear on the leaderboard!',
  left: 'You have been removed from the leaderboard.',
  empty: 'No travelers have joined the leaderboard yet',
} as const;
