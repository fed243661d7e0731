// The avatar's texts from SPEC.md §8 (Avatar) and §4, each written once here and shown where the UI needs it.
import { AVATAR_MESSAGES } from '@waymarks/shared';

export const AVATAR_TEXTS = {
  loadFailedTitle: 'Something went wrong',
  loadFailed: 'Failed to load avatar data. Please try again.',
  optionsFailed: 'Failed to load avatar customization options. Please try again.',
  saveFailed: 'Failed to save avatar. Please try again.',
  downloadFailed: 'Failed to download avatar',
  viewerFailed: 'Failed to load 3D avatar',
  viewerFallback: 'Try refreshing or use 2D preview',
  paidPlanRequired: AVATAR_MESSAGES.paidPlanRequired,
} as const;
