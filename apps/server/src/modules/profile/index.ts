// The profile module's public entry: createProfile, which the composition root (services.ts) builds it
// with, and its routes for app.ts.
import type { AccountBilling } from '../../common/billing.js';
import type { TravellerMedia } from '../../common/media.js';
import type { TravellerPins } from '../../common/pins.js';
import type { UserAccounts } from '../../common/users.js';
import { ProfileService } from './profile.service.js';

export { profileRoutes } from './profile.routes.js';

/** The traveller's profile: name, username, storage, plan. */
export function createProfile(deps: {
  users: Pick<UserAccounts, 'update' | 'isUsernameTaken' | 'releaseUnconfirmedUsername' | 'findById'>;
  media: Pick<TravellerMedia, 'usage'>;
  pins: Pick<TravellerPins, 'countByUser'>;
  billing: AccountBilling;
  now: () => number;
}): ProfileService {
  return new ProfileService(deps);
}
