// Feature flags, limit checks and pricing-card texts by tier (SPEC.md §6). The server enforces these; the
// web app calls the same functions only to mirror the decision in the UI.
import { formatStorage } from './format.js';
import { TIER_IDS, UNLIMITED, getTier, tierRank } from './tiers.js';
import type { TierId } from './tiers.js';

export const FEATURES = [
  'timelineView',
  'mediaDownloads',
  'leaderboard',
  'countryHighlighting',
  'verificationBadges',
  'prioritySupport',
] as const;
export type Feature = (typeof FEATURES)[number];

const BASIC_FEATURES: readonly Feature[] = ['timelineView', 'mediaDownloads'];
const STANDARD_FEATURES: readonly Feature[] = [...BASIC_FEATURES, 'leaderboard', 'countryHighlighting'];
const PLUS_FEATURES: readonly Feature[] = [...STANDARD_FEATURES, 'verificationBadges', 'prioritySupport'];

/** Which flags each tier has (SPEC.md §6 table). */
export const TIER_FEATURES: Readonly<Record<TierId, readonly Feature[]>> = {
  free: [],
  basic: BASIC_FEATURES,
  standard: STANDARD_FEATURES,
  plus: PLUS_FEATURES,
  pro: PLUS_FEATURES,
};

export const AVATAR_LEVELS = ['basic', 'full', 'premium', 'legendary'] as const;
export type AvatarLevel = (typeof AVATAR_LEVELS)[number];

/** Avatar customisation level per tier (SPEC.md §6); free has none, as it cannot create avatars (§5). */
export const TIER_AVATAR_LEVEL: Readonly<Record<TierId, AvatarLevel | null>> = {
  free: null,
  basic: 'basic',
  standard: 'full',
  plus: 'premium',
  pro: 'legendary',
};

/**
 * A tier, or nothing for a signed-out visitor: SPEC.md §6 says a signed-out user has no features, cannot
 * create pins and cannot upload files, so every check below answers false for null or undefined.
 */
export type MaybeTier = TierId | null | undefined;

export function hasFeature(tier: MaybeTier, feature: Feature): boolean {
  return tier != null && TIER_FEATURES[tier].includes(feature);
}

/** The lowest tier that has the feature: what the locked buttons and the upgrade prompt name. */
export function requiredTier(feature: Feature): TierId {
  const tier = TIER_IDS.find((candidate) => hasFeature(candidate, feature));
  if (!tier) throw new Error(`No tier has the feature ${feature}`);
  return tier;
}

/** What a feature is called where a plan is needed for it: the locked buttons, the gallery, the API's 403. */
const FEATURE_NAMES: Readonly<Record<Feature, string>> = {
  timelineView: 'The travel timeline',
  mediaDownloads: 'Downloading photos and videos',
  leaderboard: 'The leaderboard',
  countryHighlighting: 'Country highlighting',
  verificationBadges: 'Showing verification badges',
  prioritySupport: 'Priority support',
};

/** 'Country highlighting needs the Explorer plan or higher.': the one wording for a locked feature. */
export function planRequiredMessage(feature: Feature): string {
  return `${FEATURE_NAMES[feature]} needs the ${getTier(requiredTier(feature)).name} plan or higher.`;
}

/** True while a count may still grow by one under a limit; -1 is unlimited. */
function belowLimit(limit: number, count: number): boolean {
  return limit === UNLIMITED || count < limit;
}

export function canCreatePin(tier: MaybeTier, currentPinCount: number): boolean {
  return tier != null && belowLimit(getTier(tier).maxPins, currentPinCount);
}

/** Whether a pin that already holds currentCount media may take one more. */
export function mediaPerPinAllowed(tier: MaybeTier, currentCount: number): boolean {
  return tier != null && belowLimit(getTier(tier).maxMediaPerPin, currentCount);
}

/** Used storage plus the new file must fit the allowance of storageGB × 1024 MB; the edge is allowed. */
export function canUpload(tier: MaybeTier, usedMB: number, fileSizeMB: number): boolean {
  return tier != null && usedMB + fileSizeMB <= getTier(tier).storageGB * 1024;
}

const FEATURE_TEXTS: Readonly<Record<Feature, string>> = {
  timelineView: 'Travel timeline view',
  mediaDownloads: 'Download your photos & videos',
  leaderboard: 'Global leaderboard',
  countryHighlighting: 'Visited-country highlighting',
  verificationBadges: 'Verification badges',
  prioritySupport: 'Priority support',
};

const AVATAR_LEVEL_TEXTS: Readonly<Record<AvatarLevel, string>> = {
  basic: 'Basic avatar customization',
  full: 'Full avatar customization',
  premium: 'Premium avatar customization',
  legendary: 'Legendary avatar customization',
};

/** SPEC.md §6: e-mail support from standard; tiers with priority support list that instead. */
const EMAIL_SUPPORT_FROM: TierId = 'standard';
/** SPEC.md §6: listed at pro only. */
const PRO_EXTRAS = ['Advanced verification', 'Usage analytics'] as const;

function limitText(limit: number, unlimited: string, limited: (n: number) => string): string {
  return limit === UNLIMITED ? unlimited : limited(limit);
}

/**
 * The lines of a tier's pricing card that a plan either has or lacks: its features, support and extras.
 * The allowances and the avatar level before them are amounts, which every tier has in some measure.
 */
export function tierPerkTexts(tierId: TierId): string[] {
  const emailSupport =
    tierRank(tierId) >= tierRank(EMAIL_SUPPORT_FROM) && !hasFeature(tierId, 'prioritySupport');
  return [
    ...TIER_FEATURES[tierId].map((feature) => FEATURE_TEXTS[feature]),
    ...(emailSupport ? ['Email support'] : []),
    ...(tierId === 'pro' ? PRO_EXTRAS : []),
  ];
}

/** The bullet lines of a tier's pricing card, built from the tier and feature tables above. */
export function tierFeatureTexts(tierId: TierId): string[] {
  const tier = getTier(tierId);
  const avatarLevel = TIER_AVATAR_LEVEL[tierId];
  return [
    `${formatStorage(tier.storageGB)} storage`,
    limitText(tier.maxPins, 'Unlimited pins', (n) => `Up to ${n} pins`),
    limitText(
      tier.maxMediaPerPin,
      'Unlimited photos & videos per pin',
      (n) => `Up to ${n} photos & videos per pin`,
    ),
    ...(avatarLevel ? [AVATAR_LEVEL_TEXTS[avatarLevel]] : []),
    ...tierPerkTexts(tierId),
  ];
}
