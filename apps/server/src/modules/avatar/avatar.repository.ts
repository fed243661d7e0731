// The saved avatar's row (migration 0012); the figures its parts unlock from are read through
// common/travel-figures.ts on each request, so a pin just verified unlocks at once. Every write of the row is one statement, so parallel requests never fail:
// saving is an upsert, and the writes that depend on what was read (the image's key, the unlocks already
// told) change the row only if it still holds what was read.
import type { Selectable } from 'kysely';
import type { SavedAvatars } from '../../common/avatars.js';
import type { Db } from '../../db/database.js';
import type { AvatarsTable } from '../../db/schema.js';

export type AvatarRow = Selectable<AvatarsTable>;

/** What a check of the unlocks read, or writes: the parts and the seen ids, as stored (JSON text). */
export interface CheckedState {
  parts: string;
  seenUnlocked: string;
}

export class AvatarRepository implements SavedAvatars {
  constructor(private readonly db: Db) {}

  find(userId: string): Promise<AvatarRow | undefined> {
    return this.db.selectFrom('avatars').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Writes the parts, making the row if there is none; answers the row as this save left it. */
  saveParts(userId: string, parts: string, at: number): Promise<AvatarRow> {
    return this.db
      .insertInto('avatars')
      .values({
        user_id: userId,
        parts,
        image_key: null,
        seen_unlocked: '[]',
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          parts: eb.ref('excluded.parts'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Points the row at a new image if it still points at `previous`; undefined when it does not (another
   * upload came first) or the row is gone, so the caller knows which object it replaced.
   */
  replaceImage(
    userId: string,
    previous: string | null,
    next: string,
    at: number,
  ): Promise<AvatarRow | undefined> {
    return this.db
      .updateTable('avatars')
      .set({ image_key: next, updated_at: at })
      .where('user_id', '=', userId)
      .where((eb) => (previous === null ? eb('image_key', 'is', null) : eb('image_key', '=', previous)))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Records a check of the unlocks if the row still holds what the check read (`previous`; undefined when
   * there was no row): false when another request changed it first. `partsChanged` moves updated_at.
   */
  async recordCheck(
    userId: string,
    previous: CheckedState | undefined,
    next: CheckedState,
    at: number,
    partsChanged: boolean,
  ): Promise<boolean> {
    if (!previous) {
      const inserted = await this.db
        .insertInto('avatars')
        .values({
          user_id: userId,
          parts: next.parts,
          image_key: null,
          seen_unlocked: next.seenUnlocked,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return inserted !== undefined;
    }
    const updated = await this.db
      .updateTable('avatars')
      .set({
        parts: next.parts,
        seen_unlocked: next.seenUnlocked,
        ...(partsChanged ? { updated_at: at } : {}),
      })
      .where('user_id', '=', userId)
      .where('parts', '=', previous.parts)
      .where('seen_unlocked', '=', previous.seenUnlocked)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }
}
