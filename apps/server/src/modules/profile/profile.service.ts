// The profile (SPEC.md §2 /profile, §3 User): who the traveller is, their plan and what it holds, and the
// name and username they can change. Figures are read afresh on every request, so they follow a plan change or an
// upload at once.
import { ErrorCode, MB, getTier, storagePercent, type Profile } from '@waymarks/shared';
import type { AccountBilling } from '../../common/billing.js';
import type { TravellerMedia } from '../../common/media.js';
import type { TravellerPins } from '../../common/pins.js';
import type { UserAccounts } from '../../common/users.js';
import { tierOf } from '../../common/user-tier.js';
import type { UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../http/errors.js';
import { AUTH_MESSAGES, PENDING_SIGNUP_TTL_MS } from '../auth/index.js';

interface ProfileDeps {
  users: Pick<UserAccounts, 'update' | 'isUsernameTaken' | 'releaseUnconfirmedUsername' | 'findById'>;
  media: Pick<TravellerMedia, 'usage'>;
  pins: Pick<TravellerPins, 'countByUser'>;
  billing: AccountBilling;
  now: () => number;
}

export class ProfileService {
  constructor(private readonly deps: ProfileDeps) {}

  async get(user: UserRow): Promise<Profile> {
    const { media, pins, billing, now } = this.deps;
    const tier = getTier(tierOf(user));
    const [usage, totalPins, plan] = await Promise.all([
      media.usage(user.id, now()),
      pins.countByUser(user.id),
      billing.stateOf(user),
    ]);
    const totalUsedMB = Number((usage.readyBytes / MB).toFixed(2));
    return {
      userId: user.id,
      email: user.email,
      name: user.name,
      username: user.username,
      picture: user.picture,
      // Only Google signs such an account in; changing its e-mail or password needs a password first.
      googleOnly: user.password_hash === null,
      signupDate: new Date(user.created_at).toISOString(),
      tier: { current: tier.id, name: tier.name, price: tier.price, storageGB: tier.storageGB },
      pendingTierChange: plan.pendingTierChange,
      usage: {
        totalUsedMB,
        storageUsagePercentage: Number(storagePercent(totalUsedMB, tier.storageGB).toFixed(2)),
        mediaCount: usage.mediaCount,
        totalPins,
        maxPins: tier.maxPins,
      },
      billing: plan.billing,
    };
  }

  /**
   * Changes the fields given: the name others see, and the username, unique without regard to case (a
   * name taken at the same moment is refused too). Nothing given changes nothing.
   */
  async update(
    user: UserRow,
    changes: { name?: string | undefined; username?: string | undefined },
  ): Promise<Profile> {
    const { users, now } = this.deps;
    const { name, username } = changes;
    if (username !== undefined) {
      if (await users.isUsernameTaken(username, user.id, now() - PENDING_SIGNUP_TTL_MS))
        throw usernameTaken();
      await users.releaseUnconfirmedUsername(username);
    }
    const fields = {
      ...(name !== undefined ? { name } : {}),
      ...(username !== undefined ? { username, username_key: username.toLowerCase() } : {}),
    };
    if (Object.keys(fields).length > 0) {
      try {
        await users.update(user.id, { ...fields, updated_at: now() });
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    }
    const updated = await users.findById(user.id);
    if (!updated) throw new AppError(401, ErrorCode.unauthorized, 'Session expired. Please log in again.');
    return this.get(updated);
  }
}

const usernameTaken = () => new AppError(409, ErrorCode.usernameTaken, AUTH_MESSAGES.usernameTaken);
