// The account module's public entry: createAccount, which the composition root (services.ts) builds it
// with, and its routes for app.ts.
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { AccountBilling } from '../../common/billing.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { UserAccounts } from '../../common/users.js';
import type { Profile } from '@waymarks/shared';
import type { Throttle } from '../auth/index.js';
import { AccountRepository, type TravellerRecords } from './account.repository.js';
import { AccountService } from './account.service.js';
import { DeletionProofs } from './deletion-proof.js';

export { accountExportLinkRoutes, accountRoutes } from './account.routes.js';

interface AccountModuleDeps {
  db: Db;
  /** The owners of what an account holds, through their ports: pins, media, the saved avatar. */
  records: TravellerRecords;
  users: Pick<UserAccounts, 'findById' | 'delete'>;
  sessions: { isLive(sessionId: string, userId: string): Promise<boolean> };
  profile: { get(user: UserRow): Promise<Profile> };
  billing: AccountBilling;
  storage: Storage;
  throttle: Throttle;
  mailer: Mailer;
  /** Signs deletion proofs. */
  secret: string;
  now: () => number;
  sleep?: ((ms: number) => Promise<void>) | undefined;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/** The account as a whole: its export, and its deletion with the proofs it asks for. */
export function createAccount(deps: AccountModuleDeps) {
  const { db, records, throttle, mailer, now, log } = deps;
  const repository = new AccountRepository(db, records);
  const deletionProofs = new DeletionProofs({
    account: repository,
    throttle,
    mailer,
    secret: deps.secret,
    now,
    sleep: deps.sleep,
  });
  const account = new AccountService({
    account: repository,
    users: deps.users,
    sessions: deps.sessions,
    profile: deps.profile,
    billing: deps.billing,
    storage: deps.storage,
    proofs: deletionProofs,
    mailer,
    now,
    onCleanupError: (error, keys) =>
      log.warn(
        { err: error, keys: keys.length },
        "a deleted account's stored objects could not all be deleted; the sweep removes the media",
      ),
    onMailError: (error) => log.error({ err: error }, 'the mail confirming a deletion could not be sent'),
  });
  return { account, deletionProofs };
}
