// The account itself (SPEC.md §7 Profile and account): its export and its deletion. The export link is
// signed and short-lived, because a browser download cannot carry the bearer token; deletion is confirmed
// by the account's e-mail, ends any subscription first, then removes every row in one transaction and
// every stored object after it (media objects a failed delete leaves behind belong to no row, and the
// media sweep removes them within the hour; avatar renders are not swept, and such a failure is logged).
import type { Readable } from 'node:stream';
import { ErrorCode, MEDIA_LIMITS, type AvatarParts, type DownloadUrlResponse } from '@waymarks/shared';
import type { Storage } from '../../adapters/storage/storage.js';
import type { AccountBilling } from '../../common/billing.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { UsersRepository } from '../auth/users.repository.js';
import { avatarKeyPrefix } from '../avatar/avatar-image.js';
import type { ArchiveLinks } from '../media/archive.js';
import { mediaKeys, objectKeys } from '../media/media-keys.js';
import type { ProfileService } from '../profile/profile.service.js';
import { streamAccountArchive } from './account-archive.js';
import type { AccountRepository } from './account.repository.js';

/** What an export link opens (the links' own key keeps them apart from Download All links). */
const EXPORT_SUBJECT = 'account';

export const ACCOUNT_MESSAGES = {
  emailMismatch: 'The e-mail address does not match this account. Type it exactly to delete the account.',
  linkExpired: 'This download link has expired. Please try again.',
  linkInvalid: 'This download link is not valid.',
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
  users: Pick<UsersRepository, 'findById' | 'forget'>;
  profile: Pick<ProfileService, 'get'>;
  billing: AccountBilling;
  storage: Pick<Storage, 'read' | 'delete' | 'list'>;
  links: ArchiveLinks;
  now: () => number;
  onCleanupError: (error: unknown, keys: readonly string[]) => void;
}

export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  /** A five-minute link to the account's ZIP. */
  exportLink(user: UserRow): DownloadUrlResponse {
    const expiresAt = this.deps.now() + MEDIA_LIMITS.downloadUrlSeconds * 1000;
    const token = this.deps.links.sign({ userId: user.id, pinId: EXPORT_SUBJECT, expiresAt });
    return { downloadUrl: `/api/account/export/${token}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The ZIP behind a genuine, unexpired link whose account still exists. */
  async openExportLink(token: string): Promise<AccountArchive> {
    const claims = this.deps.links.verify(token, this.deps.now());
    if (claims === 'expired') throw new AppError(403, ErrorCode.tokenInvalid, ACCOUNT_MESSAGES.linkExpired);
    if (claims === 'invalid' || claims.pinId !== EXPORT_SUBJECT) {
      throw new AppError(403, ErrorCode.tokenInvalid, ACCOUNT_MESSAGES.linkInvalid);
    }
    const user = await this.deps.users.findById(claims.userId);
    if (!user) throw new AppError(404, ErrorCode.notFound, 'This account no longer exists.');
    return this.export(user);
  }

  async export(user: UserRow): Promise<AccountArchive> {
    const { account, profile, storage } = this.deps;
    const [shown, pins, media, avatar] = await Promise.all([
      profile.get(user),
      account.pins(user.id),
      account.readyMedia(user.id),
      account.avatar(user.id),
    ]);
    // The row may only record which unlocks were told: an avatar is saved when it wears something.
    const parts = avatar ? (JSON.parse(avatar.parts) as AvatarParts) : {};
    const saved =
      avatar && Object.keys(parts).length > 0
        ? { parts, updatedAt: new Date(avatar.updated_at).toISOString() }
        : null;
    const { stream, size } = await streamAccountArchive(
      { profile: shown, pins, media, avatar: saved },
      (row) => storage.read(row.storage_key),
    );
    const day = new Date(this.deps.now()).toISOString().slice(0, 10);
    return { filename: `waymarks-export-${day}.zip`, stream, size };
  }

  /** Deletes the account when `email` is its address (trimmed, any case); false when it was already gone. */
  async delete(user: UserRow, email: string): Promise<boolean> {
    const { account, users, billing, storage } = this.deps;
    if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(400, ErrorCode.confirmationMismatch, ACCOUNT_MESSAGES.emailMismatch);
    }
    try {
      await billing.cancelForDeletion(user);
    } catch {
      throw new AppError(503, ErrorCode.serviceBusy, ACCOUNT_MESSAGES.billingUnreachable);
    }
    const mediaIds = await account.delete(user.id);
    users.forget(user.id);
    if (!mediaIds) return false;
    const keys = [
      ...mediaIds.flatMap((mediaId) => objectKeys(mediaKeys(user.id, mediaId))),
      ...(await this.avatarKeys(user.id)),
    ];
    if (keys.length > 0) {
      await storage.delete(keys).catch((error: unknown) => this.deps.onCleanupError(error, keys));
    }
    return true;
  }

  /**
   * The account's avatar renders, read from storage rather than from its (deleted) row, so that one a
   * failed replacement left behind goes too.
   */
  private async avatarKeys(userId: string): Promise<string[]> {
    const prefix = avatarKeyPrefix(userId);
    const keys: string[] = [];
    try {
      for await (const object of this.deps.storage.list(prefix)) keys.push(object.key);
    } catch (error) {
      this.deps.onCleanupError(error, [prefix]);
    }
    return keys;
  }
}
