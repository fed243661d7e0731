import type { Db } from '../../db/database.js';
import type { RefreshTokenRow } from '../../db/schema.js';

export class RefreshTokensRepository {
  constructor(private readonly db: Db) {}

  async insert(row: {
    id: string;
    userId: string;
    familyId: string;
    tokenHash: string;
    expiresAt: number;
    now: number;
  }): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        id: row.id,
        user_id: row.userId,
        family_id: row.familyId,
        token_hash: row.tokenHash,
        expires_at: row.expiresAt,
        created_at: row.now,
        rotated_at: null,
        revoked_at: null,
      })
      .execute();
  }

  findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks a live token as used; false if it was already used or revoked (so it is being replayed). */
  async markRotated(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: now })
      .where('id', '=', id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async revokeFamily(familyId: string, now: number): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every live token of the account, except those of the session `keepFamilyId` when given. */
  async revokeAllForUser(userId: string, now: number, keepFamilyId?: string): Promise<void> {
    let query = this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamilyId !== undefined) query = query.where('family_id', '!=', keepFamilyId);
    await query.execute();
  }
}
