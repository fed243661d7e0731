// The media repository on SQLite and PostgreSQL, where the pin's media_count is derived: uploads to one pin
// finished or deleted at the same moment must each be counted, whichever transaction commits first.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../common/ids.js';
import { migrateToLatest } from '../../db/database.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-app.js';
import { MediaRepository } from './media.repository.js';

const AT = 1_700_000_000_000;
const HOUR_MS = 60 * 60 * 1000;
/** As many as the PostgreSQL test pool has connections: every one of them in a transaction at once. */
const AT_ONCE = 5;
const ROUNDS = 4;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDialects())('media repository on %s', (dialect) => {
  let database: TestDatabase;
  let repository: MediaRepository;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
    repository = new MediaRepository(database.db);
    userId = newId();
    await database.db
      .insertInto('users')
      .values({
        id: userId,
        email: 'counted@example.com',
        name: 'Ibn Battuta',
        username: null,
        username_key: null,
        password_hash: null,
        picture: null,
        email_verified: 1,
        tier: 'pro',
        google_sub: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
  });
  afterAll(() => database?.drop());

  async function createPin(): Promise<string> {
    const id = newId();
    await database.db
      .insertInto('pins')
      .values({
        id,
        user_id: userId,
        title: 'Arezzo',
        lat: 43.4665,
        lng: 11.882,
        country_code: 'IT',
        country_name: 'Italy',
        visit_date: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    return id;
  }

  async function pendingUpload(pinId: string): Promise<string> {
    const id = newId();
    await repository.reservePending(
      {
        id,
        user_id: userId,
        pin_id: pinId,
        storage_key: `media/${userId}/${id}/original`,
        status: 'pending',
        filename: `${id}.jpg`,
        content_type: 'image/jpeg',
        kind: 'image',
        declared_bytes: 1000,
        created_at: AT,
        expires_at: AT + HOUR_MS,
        uploaded_at: null,
        width: null,
        height: null,
        taken_at: null,
        date_source: null,
        lat: null,
        lng: null,
        camera_make: null,
        camera_model: null,
      },
      () => {},
      { linkRevocable: true },
    );
    return id;
  }

  /** Made ready with bytes of its own, unless `contentHash` says they are another upload's. */
  const markReady = (mediaId: string, pinId: string, contentHash = sha256(mediaId)) =>
    repository.markReady(mediaId, pinId, {
      content_type: 'image/jpeg',
      size_bytes: 1000,
      width: 10,
      height: 10,
      taken_at: null,
      date_source: 'upload',
      lat: null,
      lng: null,
      camera_make: null,
      camera_model: null,
      verification_status: 'unverified',
      verification_score: 0,
      has_location_verification: 0,
      uploaded_at: AT,
      content_hash: contentHash,
    });

  const mediaCountOf = async (pinId: string) =>
    (
      await database.db
        .selectFrom('pins')
        .select('media_count')
        .where('id', '=', pinId)
        .executeTakeFirstOrThrow()
    ).media_count;

  it(`counts every upload to one pin when ${AT_ONCE} finish at the same moment, round after round`, async () => {
    const pinId = await createPin();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const ids: string[] = [];
      for (let i = 0; i < AT_ONCE; i += 1) ids.push(await pendingUpload(pinId));
      expect(await Promise.all(ids.map((id) => markReady(id, pinId)))).toEqual(
        Array(AT_ONCE).fill({ made: 'ready' }),
      );
      expect(await mediaCountOf(pinId)).toBe(round * AT_ONCE);
    }
  });

  it(`keeps one of ${AT_ONCE} uploads of the same bytes finished at the same moment, to one pin or several`, async () => {
    const pins = [await createPin(), await createPin()];
    const hash = sha256('the same photo');
    const ids: string[] = [];
    for (let i = 0; i < AT_ONCE; i += 1) ids.push(await pendingUpload(pins[i % 2]!));
    const outcomes = await Promise.all(ids.map((id, i) => markReady(id, pins[i % 2]!, hash)));

    const kept = ids.filter((_, i) => outcomes[i]!.made === 'ready');
    expect(kept).toHaveLength(1);
    const keptAt = pins[ids.indexOf(kept[0]!) % 2];
    for (const outcome of outcomes.filter((one) => one.made === 'nothing')) {
      expect(outcome).toEqual({ made: 'nothing', sameBytesAs: { id: kept[0], pin_id: keptAt } });
    }
    expect((await mediaCountOf(pins[0]!)) + (await mediaCountOf(pins[1]!))).toBe(1);
    expect(await repository.findSameBytes(userId, hash)).toEqual({ id: kept[0], pin_id: keptAt });
  });

  it('counts only ready items of the same traveller as the same bytes: a refused one is not', async () => {
    const pinId = await createPin();
    const [refused, again] = [await pendingUpload(pinId), await pendingUpload(pinId)];
    const hash = sha256('refused later');
    expect(await markReady(refused, pinId, hash)).toEqual({ made: 'ready' });
    expect(await repository.refuseReady(refused, 'The image data is damaged and cannot be read.', AT)).toBe(
      true,
    );
    expect(await repository.findSameBytes(userId, hash)).toBeUndefined();
    expect(await markReady(again, pinId, hash)).toEqual({ made: 'ready' });
    expect(await repository.findSameBytes(userId, hash)).toEqual({ id: again, pin_id: pinId });
    expect(await repository.findSameBytes(newId(), hash)).toBeUndefined();
  });

  it('keeps the count exact when uploads are finished and deleted on one pin at the same moment', async () => {
    const pinId = await createPin();
    const first: string[] = [];
    for (let i = 0; i < AT_ONCE; i += 1) first.push(await pendingUpload(pinId));
    await Promise.all(first.map((id) => markReady(id, pinId)));
    const second: string[] = [];
    for (let i = 0; i < AT_ONCE; i += 1) second.push(await pendingUpload(pinId));

    await Promise.all([
      ...first.map((id) => repository.deleteOwned(userId, id, AT)),
      ...second.map((id) => markReady(id, pinId)),
    ]);

    expect(await mediaCountOf(pinId)).toBe(AT_ONCE);
  });
  it('pages through the ready media still waiting for derivatives, once each, leaving out made and refused ones', async () => {
    const pinId = await createPin();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await pendingUpload(pinId));
    for (const id of ids) expect(await markReady(id, pinId)).toEqual({ made: 'ready' });
    const [made, refused, ...waiting] = ids as [string, string, ...string[]];
    expect(await repository.derivativesMade(made, { width: 40, height: 30 })).toBe(true);
    expect(await repository.refuseReady(refused, 'The image data is damaged and cannot be read.', AT)).toBe(
      true,
    );
    expect(await mediaCountOf(pinId)).toBe(4);

    const seen: string[] = [];
    for (let after = '', page: string[]; ; after = page.at(-1)!) {
      page = await repository.pendingDerivatives(after, 2);
      seen.push(...page);
      if (page.length < 2) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort());
    expect(seen.filter((id) => ids.includes(id)).sort()).toEqual([...waiting].sort());
    // Made once: a second record of the same derivatives changes nothing.
    expect(await repository.derivativesMade(made, { width: 40, height: 30 })).toBe(false);
  });
});
