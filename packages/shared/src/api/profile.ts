// The profile, plan and account contract (SPEC.md §3 User and Tier, §4 Plan change, §7 Profile and
// account): what /profile reads and changes. The price ids of the payment provider never appear here: the
// browser names a plan by its tier id and the server picks the price from its configuration.
import { z } from 'zod';
import { TIER_IDS } from '../tiers.js';
import { LIMITS, MESSAGES, validateUsername } from '../validation.js';
import { PersonName } from './auth.js';

const TierId = z.enum(TIER_IDS);
const count = z.number().int().min(0);
const megabytes = z.number().min(0);
const isoDateTime = z.string().describe('ISO 8601 date-time');

/** How plan changes are paid for on this server. */
export const BILLING_MODES = ['stripe', 'local'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** The subscription's state as the payment provider holds it; 'none' on free and in local billing. */
export const SUBSCRIPTION_STATUSES = [
  'none',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'incomplete',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const ProfileTier = z
  .object({
    current: TierId.describe('Plan id'),
    name: z.string(),
    price: z.number().min(0).describe('US dollars per month'),
    storageGB: z.number().min(0),
  })
  .describe('ProfileTier');
export type ProfileTier = z.infer<typeof ProfileTier>;

/** A plan change scheduled for the end of the paid period (a downgrade between paid plans). */
export const PendingTierChange = z
  .object({
    tier: TierId,
    name: z.string(),
    price: z.number().min(0),
    effectiveDate: isoDateTime.describe('When the change applies'),
  })
  .describe('PendingTierChange');
export type PendingTierChange = z.infer<typeof PendingTierChange>;

export const ProfileUsage = z
  .object({
    totalUsedMB: megabytes.describe('Storage used by ready media'),
    storageUsagePercentage: z.number().min(0).max(100).describe('Of the plan’s storage, capped at 100'),
    mediaCount: count,
    totalPins: count,
    maxPins: z.number().int().min(-1).describe('-1 for unlimited'),
  })
  .describe('ProfileUsage');
export type ProfileUsage = z.infer<typeof ProfileUsage>;

export const BillingState = z
  .object({
    mode: z.enum(BILLING_MODES).describe('stripe: paid through Stripe; local: plan changes apply at once'),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    trialEndsAt: isoDateTime.nullable().describe('End of the free trial while it runs'),
    currentPeriodEnd: isoDateTime.nullable().describe('End of the paid period'),
    cancelAtPeriodEnd: z.boolean().describe('The subscription ends at currentPeriodEnd'),
    portalAvailable: z.boolean().describe('A Stripe customer portal link can be made for this account'),
    trialDays: count.describe('Length of the free trial a first paid plan starts with'),
  })
  .describe('BillingState');
export type BillingState = z.infer<typeof BillingState>;

export const Profile = z
  .object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    picture: z.string().nullable(),
    googleOnly: z
      .boolean()
      .describe('Signs in with Google only: a password must be set before the e-mail or password can change'),
    signupDate: isoDateTime,
    tier: ProfileTier,
    pendingTierChange: PendingTierChange.nullable(),
    usage: ProfileUsage,
    billing: BillingState,
  })
  .describe('Profile');
export type Profile = z.infer<typeof Profile>;

export const UpdateProfileRequest = z
  .strictObject({
    name: PersonName.optional().describe('The name others see (2 to 200 characters)'),
    username: z
      .string()
      .trim()
      .min(LIMITS.usernameMin, MESSAGES.usernameTooShort)
      .superRefine((value, ctx) => {
        const message = validateUsername(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      })
      .optional(),
  })
  .describe('The fields to change; those left out stay as they are');
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;

export const TierChangeRequest = z.strictObject({
  newTierId: z
    .enum(TIER_IDS, {
      error: (issue) =>
        typeof issue.input === 'string'
          ? `Unknown plan: ${issue.input.slice(0, 50)}. Choose one of the plans shown.`
          : 'Choose one of the plans shown.',
    })
    .describe(`The plan: one of ${TIER_IDS.join(', ')}`),
});
export type TierChangeRequest = z.input<typeof TierChangeRequest>;

export const TierChangeResponse = z
  .object({
    success: z.literal(true),
    message: z.string().describe('What happened, to show as it is'),
    redirectToCheckoutUrl: z.string().nullable().describe('Stripe Checkout, when a payment must be taken'),
    tier: TierId.describe('The plan in force after this call'),
    pendingTierChange: PendingTierChange.nullable(),
  })
  .describe('TierChangeResponse');
export type TierChangeResponse = z.infer<typeof TierChangeResponse>;

export const ProcessPendingTierChangeResponse = z
  .object({
    processed: z.boolean().describe('A due change was applied by this call'),
    tier: TierId,
    pendingTierChange: PendingTierChange.nullable(),
  })
  .describe('ProcessPendingTierChangeResponse');
export type ProcessPendingTierChangeResponse = z.infer<typeof ProcessPendingTierChangeResponse>;

export const BillingPortalResponse = z
  .object({ url: z.string().describe('Stripe customer portal session; it returns to /profile') })
  .describe('BillingPortalResponse');
export type BillingPortalResponse = z.infer<typeof BillingPortalResponse>;
