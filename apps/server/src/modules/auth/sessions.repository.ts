// Sessions, one per sign-in. Every authenticated request asks whether its session still lives, so a row
// read in the last second is reused; ending a session in this process drops it at once, and an end made
// by another instance is seen within SESSION_CACHE_TTL_MS.
import type { Db } from '../../db/database.js';
import type { SessionRow } from '../../db/schema.js';

export const SESSION_CACHE_TTL_MS = 1_000;
const SESSION_CACHE_SIZE = 10_000;

export class SessionsRepository {
  private readonly recent = new Map<string, { row: SessionRow; readAt: number }>();

  constructor(private readonly db: Db) {}

  async insert(row: { id: string; userId: string; createdAt: number; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: row.id,
        user_id: row.userId,
        created_at: row.createdAt,
        expires_at: row.expiresAt,
        ended_at: null,
      })
      .execute();
  }

  findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The session behind an authenticated request, read at most once a second per process. */
  async findForRequest(id: string, now: number): Promise<SessionRow | undefined> {
    const cached = this.readForRequest(id, now);
    if (cached) return cached;
    const row = await this.findById(id);
    if (this.recent.size >= SESSION_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value!);
    if (row) this.recent.set(id, { row, readAt: now });
    else this.recent.delete(id);
    return row;
  }

  /** The row findForRequest would reuse, if it would: an authenticated request can then skip a promise. */
  readForRequest(id: string, now: number): SessionRow | undefined {
    const cached = this.recent.get(id);
    return cached && cached.readAt + SESSION_CACHE_TTL_MS > now ? cached.row : undefined;
  }

  async end(id: string, now: number): Promise<void> {
    this.recent.delete(id);
    await this.db
      .updateTable('sessions')
      .set({ ended_at: now })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
    // Again after the write: a request that read the live row meanwhile must not keep it.
    this.recent.delete(id);
  }

  /** Ends every live session of the account, except `keepId` when given. */
  async endAllForUser(userId: string, now: number, keepId?: string): Promise<void> {
    const drop = () => {
      for (const [id, { row }] of this.recent) {
        if (row.user_id === userId && id !== keepId) this.recent.delete(id);
      }
    };
    drop();
    let query = this.db
      .updateTable('sessions')
      .set({ ended_at: now })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null);
    if (keepId !== undefined) query = query.where('id', '!=', keepId);
    await query.execute();
    drop();
  }
}

/** A session that has not been ended and has not reached its absolute end. */
export const isLive = (session: SessionRow | undefined, now: number): session is SessionRow =>
  session !== undefined && session.ended_at === null && session.expires_at > now;
