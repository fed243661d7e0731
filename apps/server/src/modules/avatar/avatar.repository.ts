// What the avatar's unlocks are read from besides the countries (CountriesRepository.countryCodes): the
// traveller's verified pins, counted straight from the pins, so a pin just verified unlocks at once.
import type { Db } from '../../db/database.js';

export class AvatarRepository {
  constructor(private readonly db: Db) {}

  async verifiedPinCount(userId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('pins')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('verification_status', '=', 'verified')
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
