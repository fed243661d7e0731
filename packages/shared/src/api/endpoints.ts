// Every endpoint the web app calls, described once: its method, its path under /api and the types of its
// path parameters, query, body and answer. Types only, no zod, so the browser's first load can carry the
// table; endpoint-schemas.ts pairs each entry with the zod schemas the server validates with.
import type {
  AuthConfigResponse,
  ChangePasswordRequest,
  ConfirmEmailChangeRequest,
  EmailChangeRequest,
  EmailChangeStarted,
  ForgotPasswordRequest,
  OAuthExchangeRequest,
  ResendCodeRequest,
  ResetPasswordRequest,
  Session,
  SignInRequest,
  SignUpRequest,
  SignUpResponse,
  User,
  VerifyEmailRequest,
} from './auth.js';
import type {
  AvatarAchievementsResponse,
  AvatarConfig,
  AvatarItemsQuery,
  AvatarItemsResponse,
  AvatarProgress,
  AvatarUnlockedResponse,
  CheckUnlocksRequest,
  CheckUnlocksResponse,
  SaveAvatarRequest,
} from './avatar.js';
import type { OkResponse } from './common.js';
import type { CountriesSummary, VisitedCountResponse } from './countries.js';
import type {
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardSettings,
  LeaderboardUserDetails,
} from './leaderboard.js';
import type {
  CompleteUploadRequest,
  CompleteUploadResponse,
  DeleteMediaResponse,
  DownloadUrlResponse,
  MediaCaptionRequest,
  MediaItem,
  MediaListResponse,
  UploadUrlRequest,
  UploadUrlResponse,
} from './media.js';
import type {
  ImportCommitRequest,
  ImportDeleteQuery,
  ImportDeleteResponse,
  ImportListResponse,
  ImportPreview,
  ImportSummary,
  ImportUploadUrlRequest,
  ImportUploadUrlResponse,
} from './imports.js';
import type { ShareRegenerateResponse, ShareSettings, ShareUpdateRequest } from './share.js';
import type { Pin, PinCreateRequest, PinCreateResponse, PinListResponse, PinUpdateRequest } from './pins.js';
import type { PlaceSearchResponse, ReverseGeocodeResult } from './places.js';
import type { DeleteAccountRequest, DeletionCodeResponse, DeletionConfirmation } from './account.js';
import type {
  BillingPortalResponse,
  ProcessPendingTierChangeResponse,
  Profile,
  TierChangeRequest,
  TierChangeResponse,
  UpdateProfileRequest,
} from './profile.js';
import type { ReportRequest, ReportResponse } from './reports.js';

/** A file sent as its own bytes (the browser's Blob), described without the DOM's types. */
export interface FileBody {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an endpoint takes and answers; `params` fill the path's `:name` placeholders. */
export interface EndpointShape {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  response: unknown;
}

export interface Endpoint<Shape extends EndpointShape = EndpointShape> {
  method: HttpMethod;
  /** Relative to /api, with `:name` placeholders for the path parameters. */
  path: string;
  /** Never set: carries the shape's types to the client. */
  readonly shape?: Shape;
}

const endpoint = <Shape extends EndpointShape>(method: HttpMethod, path: string): Endpoint<Shape> => ({
  method,
  path,
});

export const ENDPOINTS = {
  // Auth (DESIGN.md, Auth)
  authConfig: endpoint<{ response: AuthConfigResponse }>('GET', '/auth/config'),
  signUp: endpoint<{ body: SignUpRequest; response: SignUpResponse }>('POST', '/auth/signup'),
  verifyEmail: endpoint<{ body: VerifyEmailRequest; response: OkResponse }>('POST', '/auth/verify'),
  resendCode: endpoint<{ body: ResendCodeRequest; response: OkResponse }>('POST', '/auth/resend-code'),
  forgotPassword: endpoint<{ body: ForgotPasswordRequest; response: OkResponse }>(
    'POST',
    '/auth/forgot-password',
  ),
  resetPassword: endpoint<{ body: ResetPasswordRequest; response: OkResponse }>(
    'POST',
    '/auth/reset-password',
  ),
  signIn: endpoint<{ body: SignInRequest; response: Session }>('POST', '/auth/signin'),
  oauthExchange: endpoint<{ body: OAuthExchangeRequest; response: Session }>('POST', '/auth/oauth/exchange'),
  /** 204 without a body when the browser holds no refresh cookie. */
  refresh: endpoint<{ response: Session | undefined }>('POST', '/auth/refresh'),
  signOut: endpoint<{ response: OkResponse }>('POST', '/auth/signout'),
  me: endpoint<{ response: User }>('GET', '/auth/me'),
  /** Signed in: a new password for the current one; every other session of the account ends. */
  changePassword: endpoint<{ body: ChangePasswordRequest; response: OkResponse }>('POST', '/auth/password'),
  /** Signed in: mails a code to the new address; nothing changes until it is entered. */
  requestEmailChange: endpoint<{ body: EmailChangeRequest; response: EmailChangeStarted }>(
    'POST',
    '/auth/email',
  ),
  /** Signed in: the code from the new address moves the account there; the old address is told. */
  confirmEmailChange: endpoint<{ body: ConfirmEmailChangeRequest; response: User }>(
    'POST',
    '/auth/email/confirm',
  ),

  // Pins and countries (SPEC.md §7)
  listPins: endpoint<{ response: PinListResponse }>('GET', '/pins'),
  createPin: endpoint<{ body: PinCreateRequest; response: PinCreateResponse }>('POST', '/pins'),
  updatePin: endpoint<{ params: { pinId: string }; body: PinUpdateRequest; response: Pin }>(
    'PUT',
    '/pins/:pinId',
  ),
  deletePin: endpoint<{ params: { pinId: string }; response: undefined }>('DELETE', '/pins/:pinId'),
  countries: endpoint<{ response: CountriesSummary }>('GET', '/countries'),
  visitedCount: endpoint<{ response: VisitedCountResponse }>('GET', '/countries/visited-count'),

  // Leaderboard (SPEC.md §7)
  leaderboard: endpoint<{ query: LeaderboardQuery; response: LeaderboardResponse }>('GET', '/leaderboard'),
  leaderboardUser: endpoint<{ params: { id: string }; response: LeaderboardUserDetails }>(
    'GET',
    '/leaderboard/user/:id',
  ),
  leaderboardSettings: endpoint<{ response: LeaderboardSettings }>('GET', '/leaderboard/settings'),
  updateLeaderboardSettings: endpoint<{ body: LeaderboardSettings; response: LeaderboardSettings }>(
    'PUT',
    '/leaderboard/settings',
  ),

  // Avatar (SPEC.md §7 Avatar)
  avatarItems: endpoint<{ query: AvatarItemsQuery; response: AvatarItemsResponse }>('GET', '/avatar/items'),
  avatarUnlocked: endpoint<{ response: AvatarUnlockedResponse }>('GET', '/avatar/unlocked'),
  avatarAchievements: endpoint<{ response: AvatarAchievementsResponse }>('GET', '/avatar/achievements'),
  avatarProgress: endpoint<{ response: AvatarProgress }>('GET', '/avatar/progress'),
  avatar: endpoint<{ response: AvatarConfig }>('GET', '/avatar/user'),
  saveAvatar: endpoint<{ body: SaveAvatarRequest; response: AvatarConfig }>('PUT', '/avatar'),
  /** The body is the PNG itself, sent as it is rather than as JSON. */
  saveAvatarImage: endpoint<{ body: FileBody; response: AvatarConfig }>('PUT', '/avatar/image'),
  checkAvatarUnlocks: endpoint<{ body: CheckUnlocksRequest; response: CheckUnlocksResponse }>(
    'POST',
    '/avatar/check-unlocks',
  ),

  // Profile, plans and the account (SPEC.md §7 Profile and account)
  profile: endpoint<{ response: Profile }>('GET', '/profile'),
  updateProfile: endpoint<{ body: UpdateProfileRequest; response: Profile }>('PUT', '/profile'),
  changeTier: endpoint<{ body: TierChangeRequest; response: TierChangeResponse }>('POST', '/tier-upgrade'),
  processPendingTierChange: endpoint<{ response: ProcessPendingTierChangeResponse }>(
    'POST',
    '/process-pending-tier-change',
  ),
  billingPortal: endpoint<{ response: BillingPortalResponse }>('POST', '/billing/portal'),
  /** A short-lived link to GET /account/export (the ZIP), for the browser to follow. */
  accountExportUrl: endpoint<{ response: DownloadUrlResponse }>('GET', '/account/export-url'),
  /** Whether deletion asks for the password or for an e-mailed code. */
  deletionConfirmation: endpoint<{ response: DeletionConfirmation }>('GET', '/account/deletion-confirmation'),
  /** Mails a code that confirms the deletion of an account without a password. */
  sendDeletionCode: endpoint<{ response: DeletionCodeResponse }>('POST', '/account/deletion-code'),
  deleteAccount: endpoint<{ body: DeleteAccountRequest; response: undefined }>('DELETE', '/account'),

  // Places (the gazetteer)
  searchPlaces: endpoint<{ query: { q: string }; response: PlaceSearchResponse }>('GET', '/places/search'),
  reverseGeocode: endpoint<{ query: { lat: number; lng: number }; response: ReverseGeocodeResult }>(
    'GET',
    '/places/reverse',
  ),

  // Media (SPEC.md §7)
  uploadUrl: endpoint<{ body: UploadUrlRequest; response: UploadUrlResponse }>('POST', '/media/upload-url'),
  completeUpload: endpoint<{ body: CompleteUploadRequest; response: CompleteUploadResponse }>(
    'POST',
    '/media/complete',
  ),
  listMedia: endpoint<{ params: { pinId: string }; response: MediaListResponse }>('GET', '/media/pin/:pinId'),
  deleteMedia: endpoint<{ params: { mediaId: string }; response: DeleteMediaResponse }>(
    'DELETE',
    '/media/:mediaId',
  ),
  setMediaCaption: endpoint<{ params: { mediaId: string }; body: MediaCaptionRequest; response: MediaItem }>(
    'PUT',
    '/media/:mediaId',
  ),
  mediaDownloadUrl: endpoint<{ params: { mediaId: string }; response: DownloadUrlResponse }>(
    'GET',
    '/media/:mediaId/download-url',
  ),
  pinDownloadUrl: endpoint<{ params: { pinId: string }; response: DownloadUrlResponse }>(
    'GET',
    '/media/pin/:pinId/download-url',
  ),

  // Imports (past travels from a location history)
  importUploadUrl: endpoint<{ body: ImportUploadUrlRequest; response: ImportUploadUrlResponse }>(
    'POST',
    '/imports/upload-url',
  ),
  completeImport: endpoint<{ params: { importId: string }; response: ImportSummary }>(
    'POST',
    '/imports/:importId/complete',
  ),
  listImports: endpoint<{ response: ImportListResponse }>('GET', '/imports'),
  getImport: endpoint<{ params: { importId: string }; response: ImportSummary }>('GET', '/imports/:importId'),
  importPreview: endpoint<{ params: { importId: string }; response: ImportPreview }>(
    'GET',
    '/imports/:importId/preview',
  ),
  commitImport: endpoint<{
    params: { importId: string };
    body: ImportCommitRequest;
    response: ImportSummary;
  }>('POST', '/imports/:importId/commit'),
  deleteImport: endpoint<{
    params: { importId: string };
    query: ImportDeleteQuery;
    response: ImportDeleteResponse;
  }>('DELETE', '/imports/:importId'),

  // The travel page to share (/t/{token})
  getShare: endpoint<{ response: ShareSettings }>('GET', '/share'),
  updateShare: endpoint<{ body: ShareUpdateRequest; response: ShareSettings }>('PUT', '/share'),
  regenerateShare: endpoint<{ response: ShareRegenerateResponse }>('POST', '/share/regenerate'),

  // Reports (Report Content)
  submitReport: endpoint<{ body: ReportRequest; response: ReportResponse }>('POST', '/reports'),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
export type ShapeOf<Name extends EndpointName> =
  (typeof ENDPOINTS)[Name] extends Endpoint<infer Shape> ? Shape : never;
/** The answer of an endpoint, as the server's schema describes it. */
export type ResponseOf<Name extends EndpointName> = ShapeOf<Name>['response'];
/** What a call of an endpoint passes: exactly the params, query and body its shape names. */
export type InputOf<Name extends EndpointName> = Omit<ShapeOf<Name>, 'response'>;

/** The path of one call: placeholders filled (encoded) from params, then the query string. */
export function endpointPath(
  path: string,
  params?: Record<string, string>,
  query?: Record<string, string | number>,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
  const search = Object.entries(query ?? {})
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}
