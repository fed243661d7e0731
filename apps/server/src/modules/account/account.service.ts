// The account itself (SPEC.md §7 Profile and account): its export and its deletion. The export link is
// for a browser download, which cannot carry the bearer token: a random token kept hashed, which works
// once, for five minutes, and only while the session that asked for it lives. Deletion is confirmed by the
// account's e-mail and its password or an e-mailed code (deletion-proof.ts), ends any subscription first,
// then removes every row in one transaction and every stored object after it (media objects a failed
// delete leaves behind belong to no row, and the media sweep removes them within the hour; avatar renders
// are not swept, and such a failure is logged), and mails the address that it is done.
import type { Readable } from 'node:stream';
import {
  ErrorCode,
  MEDIA_LIMITS,
  type AvatarParts,
  type DeleteAccountRequest,
  type DownloadUrlResponse,
  type Profile,
} from '@waymarks/shared';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { AccountBilling } from '../../common/billing.js';
import type { UserAccounts } from '../../common/users.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { hashToken, randomToken } from '../auth/index.js';
import { avatarKeyPrefix } from '../avatar/index.js';
import { importKeyPrefix } from '../imports/index.js';
import { shareImageKeyPrefix } from '../share/index.js';
import { streamAccountArchive } from './account-archive.js';
import { accountDeletedMail } from './account.mails.js';
import type { AccountRepository } from './account.repository.js';
import type { DeletionProofs } from './deletion-proof.js';

export const ACCOUNT_MESSAGES = {
  emailMismatch: 'The e-mail address does not match this account. Type it exactly to delete the account.',
  linkExpired: 'This download link has expired. Please try again.',
  linkGone:
    'This download link is not valid: it works once, and ends when you sign out. Please export again.',
  billingUnreachable:
    'Your subscription could not be cancelled just now, so nothing was deleted. Please try again in a few minutes.',
} as const;

export interface AccountArchive {
  filename: string;
  stream: Readable;
  size: number;
}

interface AccountDeps {
  account: AccountRepository;
  users: Pick<UserAccounts, 'findById' | 'delete'>;
  /** The auth module's sessions: whether the one that asked for an export link still lives. */
  sessions: { isLive(sessionId: string, userId: string): Promise<boolean> };
  profile: { get(user: UserRow): Promise<Profile> };
  billing: AccountBilling;
  storage: Pick<Storage, 'read' | 'delete' | 'list'>;
  proofs: Pick<DeletionProofs, 'check'>;
  mailer: Pick<Mailer, 'send'>;
  now: () => number;
  onCleanupError: (error: unknown, keys: readonly string[]) => void;
  /** The mail that confirms a deletion failed; the account is gone all the same. */
  onMailError: (error: unknown) => void;
}

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /** A five-minute, one-time link to the account's ZIP, bound to the session that asks for it. */
  async exportLink(user: UserRow, sessionId: string): Promise<DownloadUrlResponse> {
    const now = this.deps.now();
    const expiresAt = now + MEDIA_LIMITS.downloadUrlSeconds * 1000;
    const token = randomToken();
    await this.deps.account.insertExportLink({
      tokenHash: hashToken(token),
      userId: user.id,
      sessionId,
      expiresAt,
      now,
    });
    return { downloadUrl: `/api/account/export/${token}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * The ZIP behind a link, which is spent by this request whatever its outcome: a download cut off
   * half-way needs a new link (SECURITY.md), so that a link seen in a log, a history or a proxy is worth
   * nothing once its owner has used it.
   */
  async openExportLink(token: string): Promise<AccountArchive> {
    const link = await this.deps.account.takeExportLink(hashToken(token), this.deps.now());
    if (link === 'expired') throw new AppError(403, ErrorCode.tokenInvalid, ACCOUNT_MESSAGES.linkExpired);
    // A link ends with the session that asked for it (sign-out, end-sessions, a password reset).
    if (!link || !(await this.deps.sessions.isLive(link.sessionId, link.userId))) {
      throw new AppError(404, ErrorCode.notFound, ACCOUNT_MESSAGES.linkGone);
    }
    const user = await this.deps.users.findById(link.userId);
    if (!user) throw new AppError(404, ErrorCode.notFound, ACCOUNT_MESSAGES.linkGone);
    return this.export(user);
  }

  async export(user: UserRow): Promise<AccountArchive> {
    const { profile, storage } = this.deps;
    const { pins, media, avatars, imports, share } = this.deps.account.records;
    const [shown, pinRows, mediaRows, avatar, importRecords, shareSettings] = await Promise.all([
      profile.get(user),
      pins.allOf(user.id),
      media.readyOf(user.id),
      avatars.find(user.id),
      imports.exportOf(user.id),
      share.exportOf(user.id),
    ]);
    // The row may only record which unlocks were told: an avatar is saved when it wears something.
    const parts = avatar ? (JSON.parse(avatar.parts) as AvatarParts) : {};
    const saved =
      avatar && Object.keys(parts).length > 0
        ? { parts, updatedAt: new Date(avatar.updated_at).toISOString() }
        : null;
    const { stream, size } = await streamAccountArchive(
      {
        profile: shown,
        pins: pinRows,
        media: mediaRows,
        avatar: saved,
        imports: importRecords,
        share: shareSettings,
      },
      (row) => storage.read(row.storage_key),
    );
    const day = new Date(this.deps.now()).toISOString().slice(0, 10);
    return { filename: `waymarks-export-${day}.zip`, stream, size };
  }

  /**
   * Deletes the account when the request names its address (trimmed, any case) and proves its holder;
   * false when it was already gone. `clientKey` is the client that any guessing counts against.
   */
  async delete(user: UserRow, request: DeleteAccountRequest, clientKey: string): Promise<boolean> {
    const { account, users, billing, storage } = this.deps;
    if (request.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(400, ErrorCode.confirmationMismatch, ACCOUNT_MESSAGES.emailMismatch);
    }
    await this.deps.proofs.check(user, request, clientKey);
    try {
      await billing.cancelForDeletion(user);
    } catch {
      // A deletion running beside this one held the billing until the account went with it.
      if (!(await users.findById(user.id))) return false;
      // Billing has logged why; the account stays whole until its billing can be ended.
      throw new AppError(503, ErrorCode.serviceBusy, ACCOUNT_MESSAGES.billingUnreachable);
    }
    const { pins, media } = account.records;
    // Read before the rows go. An upload begun meanwhile leaves objects that no row owns, which the media
    // sweep removes, as it does those of a failed delete.
    const mediaKeys = await media.objectKeysOf(user.id);
    // The pins' triggers write their list's number as the pins cascade; it goes in the same transaction.
    const deleted = await users.delete(user.id, (trx) => pins.forgetListVersion(user.id, trx));
    if (!deleted) return false;
    this.deps.mailer.send(accountDeletedMail(user.email, user.name)).catch(this.deps.onMailError);
    const keys = [
      ...mediaKeys,
      ...(await this.keysUnder(avatarKeyPrefix(user.id))),
      ...(await this.keysUnder(importKeyPrefix(user.id))),
      ...(await this.keysUnder(shareImageKeyPrefix(user.id))),
    ];
    if (keys.length > 0) {
      await storage.delete(keys).catch((error: unknown) => this.deps.onCleanupError(error, keys));
    }
    return true;
  }

  /**
   * The account's objects under a prefix: its avatar renders, import files and share pictures, read from storage rather
   * than from their (deleted) rows, so that one a failed replacement or a crash left behind goes too.
   */
  private async keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    try {
      for await (const object of this.deps.storage.list(prefix)) keys.push(object.key);
    } catch (error) {
      this.deps.onCleanupError(error, [prefix]);
    }
    return keys;
  }
}
