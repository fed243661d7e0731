// A generated world of travellers for bench/leaderboard.mjs: users and their pins written through the
// typed schema (a column the migrations rename or add fails tsc here, not at run time), and each
// traveller's figures made by TravelStatsRepository.refreshMany, the code path the server itself uses.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PinsTable, UsersTable } from '../db/schema.js';
import { travelStatsOver } from './repositories.js';

export interface SeedOptions {
  users: number;
  /** Pins in all; spread unevenly, a few travellers with many and most with a handful. */
  pins: number;
  /** Share of travellers who opted in to the leaderboard. */
  listedShare: number;
  /** One traveller with this many pins (the heaviest case for a refresh and for /api/countries). */
  heavyUserPins: number;
  seed: number;
  /** Called after each batch with what is done so far. */
  progress?: (done: { users: number; pins: number; refreshed: number }) => void;
}

export interface SeededWorld {
  userIds: string[];
  heavyUserId: string;
  typicalUserId: string;
}

/** Country codes weighted toward the often visited, with territories and uncounted areas among them. */
const COUNTRIES: readonly [code: string, name: string, weight: number][] = [
  ['FR', 'France', 30],
  ['IT', 'Italy', 28],
  ['ES', 'Spain', 26],
  ['US', 'United States', 25],
  ['DE', 'Germany', 20],
  ['GB', 'United Kingdom', 20],
  ['JP', 'Japan', 14],
  ['TH', 'Thailand', 12],
  ['PT', 'Portugal', 12],
  ['GR', 'Greece', 11],
  ['MX', 'Mexico', 10],
  ['CN', 'China', 9],
  ['HK', 'Hong Kong', 5],
  ['TR', 'Turkey', 9],
  ['NL', 'Netherlands', 8],
  ['AT', 'Austria', 7],
  ['CH', 'Switzerland', 7],
  ['AU', 'Australia', 6],
  ['BR', 'Brazil', 6],
  ['CA', 'Canada', 6],
  ['IN', 'India', 5],
  ['VN', 'Vietnam', 5],
  ['MA', 'Morocco', 4],
  ['EG', 'Egypt', 4],
  ['PE', 'Peru', 3],
  ['AR', 'Argentina', 3],
  ['ZA', 'South Africa', 3],
  ['NZ', 'New Zealand', 3],
  ['IS', 'Iceland', 2],
  ['NO', 'Norway', 2],
  ['TW', 'Taiwan', 2],
  ['PR', 'Puerto Rico', 2],
  ['KE', 'Kenya', 1],
  ['NP', 'Nepal', 1],
  ['MN', 'Mongolia', 1],
  ['XX', 'Unknown', 1],
];
const CITIES_PER_COUNTRY = 40;
const BATCH_ROWS = 500;
/** Figures made between two progress reports. */
const PROGRESS_EVERY = 10_000;

/** A small fast generator, so the same seed gives the same world. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedTravellers(db: Db, options: SeedOptions): Promise<SeededWorld> {
  const random = generator(options.seed);
  const totalWeight = COUNTRIES.reduce((sum, [, , weight]) => sum + weight, 0);
  const country = () => {
    let pick = random() * totalWeight;
    for (const entry of COUNTRIES) {
      pick -= entry[2];
      if (pick <= 0) return entry;
    }
    return COUNTRIES[0]!;
  };
  const started = Date.UTC(2020, 0, 1);

  // Pins per traveller: a heavy-tailed spread with the requested total, one heavy traveller first.
  const weights = Array.from({ length: options.users }, () => 1 / Math.pow(random() + 0.05, 1.2));
  const remaining = options.pins - options.heavyUserPins;
  const weightSum = weights.slice(1).reduce((sum, weight) => sum + weight, 0);
  const pinCounts = weights.map((weight, index) =>
    index === 0 ? options.heavyUserPins : Math.max(1, Math.round((weight / weightSum) * remaining)),
  );

  const userIds: string[] = [];
  let users: Insertable<UsersTable>[] = [];
  const pins: Insertable<PinsTable>[] = [];
  /** Users first, as the pins refer to them; then the pins in full batches, or all of them at the end. */
  const flush = async (all: boolean) => {
    if (users.length > 0) await db.insertInto('users').values(users).execute();
    users = [];
    while (pins.length >= BATCH_ROWS || (all && pins.length > 0)) {
      await db.insertInto('pins').values(pins.splice(0, BATCH_ROWS)).execute();
    }
  };

  for (let index = 0; index < options.users; index += 1) {
    const userId = randomUUID();
    const signupAt = started + Math.floor(random() * 5 * 365) * 86_400_000;
    userIds.push(userId);
    users.push({
      id: userId,
      email: `traveller${index}@example.com`,
      name: `Traveller ${index}`,
      username: null,
      username_key: null,
      password_hash: null,
      picture: null,
      email_verified: 1,
      tier: ['free', 'basic', 'standard', 'plus', 'pro'][Math.floor(random() * 5)]!,
      google_sub: null,
      created_at: signupAt,
      updated_at: signupAt,
    });
    for (let p = 0; p < pinCounts[index]!; p += 1) {
      const [code, name] = country();
      const verified = random() < 0.2;
      const dated = random() < 0.7;
      const day = new Date(signupAt + Math.floor(random() * 1500) * 86_400_000).toISOString().slice(0, 10);
      pins.push({
        id: randomUUID(),
        user_id: userId,
        title: `Place ${p}`,
        lat: random() * 120 - 60,
        lng: random() * 360 - 180,
        country_code: code,
        country_name: name,
        visit_date: dated ? day : null,
        verification_status: verified ? 'verified' : 'unverified',
        verification_score: verified ? 60 + Math.floor(random() * 41) : Math.floor(random() * 3) * 20,
        media_count: Math.floor(random() * 4),
        city: code === 'XX' ? '' : `${name} ${Math.floor(random() * CITIES_PER_COUNTRY)}`,
        created_at: signupAt + p,
        updated_at: signupAt + p,
      });
    }
    if (users.length >= BATCH_ROWS || pins.length >= BATCH_ROWS * 4) await flush(false);
  }
  await flush(true);
  const pinsWritten = pinCounts.reduce((sum, count) => sum + count, 0);
  options.progress?.({ users: userIds.length, pins: pinsWritten, refreshed: 0 });

  const stats = travelStatsOver(db);
  const now = Date.now();
  for (let from = 0; from < userIds.length; from += PROGRESS_EVERY) {
    await stats.refreshMany(userIds.slice(from, from + PROGRESS_EVERY), now);
    const refreshed = Math.min(from + PROGRESS_EVERY, userIds.length);
    options.progress?.({ users: userIds.length, pins: pinsWritten, refreshed });
  }
  // Opt-in for a share of them, in one statement per table.
  const listed = userIds.filter(() => random() < options.listedShare);
  for (let from = 0; from < listed.length; from += BATCH_ROWS) {
    const ids = listed.slice(from, from + BATCH_ROWS);
    await db
      .updateTable('travel_stats')
      .set({ show_on_leaderboard: 1 })
      .where('user_id', 'in', ids)
      .execute();
    await db
      .updateTable('travel_countries')
      .set({ show_on_leaderboard: 1 })
      .where('user_id', 'in', ids)
      .execute();
  }
  const typical = pinCounts.findIndex((count, index) => index > 0 && count >= 15 && count <= 25);
  return { userIds, heavyUserId: userIds[0]!, typicalUserId: userIds[Math.max(typical, 1)]! };
}
