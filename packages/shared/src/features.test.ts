import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  TIER_AVATAR_LEVEL,
  canCreatePin,
  canUpload,
  hasFeature,
  mediaPerPinAllowed,
  planRequiredMessage,
  requiredTier,
  tierFeatureTexts,
  tierPerkTexts,
} from './features.js';
import type { Feature } from './features.js';
import { TIER_IDS, tierRank } from './tiers.js';

// SPEC.md §6 feature table.
const SPEC_REQUIRED_TIER: Record<Feature, string> = {
  timelineView: 'basic',
  mediaDownloads: 'basic',
  leaderboard: 'standard',
  countryHighlighting: 'standard',
  verificationBadges: 'plus',
  prioritySupport: 'plus',
};

describe('feature flags (SPEC.md §6)', () => {
  it('lists exactly the six flags of the spec', () => {
    expect([...FEATURES].sort()).toEqual(Object.keys(SPEC_REQUIRED_TIER).sort());
  });

  it.each(Object.entries(SPEC_REQUIRED_TIER) as [Feature, string][])(
    '%s requires the %s tier',
    (feature, tier) => {
      expect(requiredTier(feature)).toBe(tier);
    },
  );

  it.each(FEATURES)('%s is on for its required tier and every tier above it, off below', (feature) => {
    const threshold = tierRank(requiredTier(feature));
    for (const tier of TIER_IDS) expect(hasFeature(tier, feature)).toBe(tierRank(tier) >= threshold);
  });

  it('gives the free tier no features', () => {
    expect(FEATURES.filter((feature) => hasFeature('free', feature))).toEqual([]);
  });

  it('gives a signed-out visitor no features', () => {
    for (const feature of FEATURES) {
      expect(hasFeature(null, feature)).toBe(false);
      expect(hasFeature(undefined, feature)).toBe(false);
    }
  });
});

describe('canCreatePin', () => {
  it.each([
    ['free', 10],
    ['basic', 100],
    ['standard', 500],
  ] as const)('on %s allows a pin below the limit of %i and refuses one at the limit', (tier, limit) => {
    expect(canCreatePin(tier, 0)).toBe(true);
    expect(canCreatePin(tier, limit - 1)).toBe(true);
    expect(canCreatePin(tier, limit)).toBe(false);
    expect(canCreatePin(tier, limit + 1)).toBe(false);
  });

  it.each(['plus', 'pro'] as const)('on %s allows a pin at any count (unlimited)', (tier) => {
    expect(canCreatePin(tier, 0)).toBe(true);
    expect(canCreatePin(tier, 1_000_000)).toBe(true);
  });

  it('refuses a signed-out visitor', () => {
    expect(canCreatePin(null, 0)).toBe(false);
    expect(canCreatePin(undefined, 0)).toBe(false);
  });
});

describe('mediaPerPinAllowed', () => {
  it.each([
    ['free', 10],
    ['basic', 25],
    ['standard', 50],
    ['plus', 100],
  ] as const)('on %s allows one more item below %i per pin and refuses at it', (tier, limit) => {
    expect(mediaPerPinAllowed(tier, limit - 1)).toBe(true);
    expect(mediaPerPinAllowed(tier, limit)).toBe(false);
    expect(mediaPerPinAllowed(tier, limit + 1)).toBe(false);
  });

  it('on pro allows any number of media per pin (unlimited)', () => {
    expect(mediaPerPinAllowed('pro', 1_000_000)).toBe(true);
  });

  it('refuses a signed-out visitor', () => {
    expect(mediaPerPinAllowed(null, 0)).toBe(false);
  });
});

describe('canUpload', () => {
  it.each([
    ['free', 1],
    ['basic', 25],
    ['standard', 100],
    ['plus', 500],
    ['pro', 2000],
  ] as const)('on %s allows used + size exactly at %i GB × 1024 MB and refuses 1 MB over', (tier, gb) => {
    const allowanceMB = gb * 1024;
    expect(canUpload(tier, allowanceMB - 10, 10)).toBe(true);
    expect(canUpload(tier, allowanceMB - 10, 11)).toBe(false);
    expect(canUpload(tier, allowanceMB, 0)).toBe(true);
    expect(canUpload(tier, allowanceMB, 0.01)).toBe(false);
  });

  it('allows a file into an empty account when it alone fits', () => {
    expect(canUpload('free', 0, 1024)).toBe(true);
    expect(canUpload('free', 0, 1025)).toBe(false);
  });

  it('refuses a signed-out visitor', () => {
    expect(canUpload(null, 0, 1)).toBe(false);
    expect(canUpload(undefined, 0, 1)).toBe(false);
  });
});

describe('avatar customisation levels (SPEC.md §6)', () => {
  it('are basic, full, premium, legendary from basic to pro, and none on free', () => {
    expect(TIER_AVATAR_LEVEL).toEqual({
      free: null,
      basic: 'basic',
      standard: 'full',
      plus: 'premium',
      pro: 'legendary',
    });
  });
});

describe('tierFeatureTexts (pricing cards)', () => {
  it('lists the free tier limits only', () => {
    expect(tierFeatureTexts('free')).toEqual([
      '1 GB storage',
      'Up to 10 pins',
      'Up to 10 photos & videos per pin',
    ]);
  });

  it('lists basic limits, basic avatar, timeline and downloads', () => {
    expect(tierFeatureTexts('basic')).toEqual([
      '25 GB storage',
      'Up to 100 pins',
      'Up to 25 photos & videos per pin',
      'Basic avatar customization',
      'Travel timeline view',
      'Download your photos & videos',
    ]);
  });

  it('adds leaderboard, country highlighting and e-mail support on standard', () => {
    expect(tierFeatureTexts('standard')).toEqual([
      '100 GB storage',
      'Up to 500 pins',
      'Up to 50 photos & videos per pin',
      'Full avatar customization',
      'Travel timeline view',
      'Download your photos & videos',
      'Global leaderboard',
      'Visited-country highlighting',
      'Email support',
    ]);
  });

  it('gives plus unlimited pins, verification badges and priority support instead of e-mail support', () => {
    expect(tierFeatureTexts('plus')).toEqual([
      '500 GB storage',
      'Unlimited pins',
      'Up to 100 photos & videos per pin',
      'Premium avatar customization',
      'Travel timeline view',
      'Download your photos & videos',
      'Global leaderboard',
      'Visited-country highlighting',
      'Verification badges',
      'Priority support',
    ]);
  });

  it('gives pro 2 TB, unlimited media, advanced verification and usage analytics', () => {
    expect(tierFeatureTexts('pro')).toEqual([
      '2 TB storage',
      'Unlimited pins',
      'Unlimited photos & videos per pin',
      'Legendary avatar customization',
      'Travel timeline view',
      'Download your photos & videos',
      'Global leaderboard',
      'Visited-country highlighting',
      'Verification badges',
      'Priority support',
      'Advanced verification',
      'Usage analytics',
    ]);
  });
});

describe('tierPerkTexts', () => {
  it('lists what a plan has or lacks, without its allowances or avatar level', () => {
    expect(tierPerkTexts('free')).toEqual([]);
    expect(tierPerkTexts('standard')).toEqual([
      'Travel timeline view',
      'Download your photos & videos',
      'Global leaderboard',
      'Visited-country highlighting',
      'Email support',
    ]);
  });

  it.each(TIER_IDS)('ends the pricing card of %s', (tier) => {
    const card = tierFeatureTexts(tier);
    const perks = tierPerkTexts(tier);
    expect(card.slice(card.length - perks.length)).toEqual(perks);
  });
});

describe('planRequiredMessage', () => {
  it('names the feature and the cheapest plan that has it, in the one wording', () => {
    expect(planRequiredMessage('mediaDownloads')).toBe(
      'Downloading photos and videos needs the Adventurer plan or higher.',
    );
    expect(planRequiredMessage('countryHighlighting')).toBe(
      'Country highlighting needs the Explorer plan or higher.',
    );
  });
});
