// What the avatar's unlocks are read from, straight from the traveller's pins, so a pin just made or
// verified unlocks at the next request.
import type { Db } from '../../db/database.js';

export class AvatarRepository {
  constructor(private readonly db: Db) {}

  /** The distinct country codes of the user's pins, and how many of the pins are verified. */
  async figures(userId: string): Promise<{ countryCodes: string[]; verifiedPins: number }> {
    const [codes, verified] = await Promise.all([
      this.db.selectFrom('pins').select('country_code').distinct().where('user_id', '=', userId).execute(),
      this.db
        .selectFrom('pins')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('verification_status', '=', 'verified')
        .executeTakeFirstOrThrow(),
    ]);
    return { countryCodes: codes.map((row) => row.country_code), verifiedPins: Number(verified.n) };
  }
}
