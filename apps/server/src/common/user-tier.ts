import { isTierId, type TierId } from '@waymarks/shared';
import type { UserRow } from '../db/schema.js';

/** The signed-in user's plan; a value the tier table does not know (an old or hand-edited row) is free. */
export const tierOf = (user: Pick<UserRow, 'tier'>): TierId => (isTierId(user.tier) ? user.tier : 'free');
