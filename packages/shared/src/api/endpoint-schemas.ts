// The zod schemas of every endpoint in endpoints.ts, under the same names: the ones the server's routes
// validate and serialise with (contract.int.test.ts holds each to its route's). The web app loads this only
// in development and tests, to check each answer against its contract; `satisfies` keeps the two tables in
// step (a missing or mistyped entry, or an endpoint with a query but no query schema, fails tsc).
import { z } from 'zod';
import {
  ImportCommitRequest,
  ImportDeleteQuery,
  ImportDeleteResponse,
  ImportListResponse,
  ImportPreview,
  ImportSummary,
  ImportUploadUrlRequest,
  ImportUploadUrlResponse,
} from './imports.js';
import { ShareRegenerateResponse, ShareSettings, ShareUpdateRequest } from './share.js';
import {
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
import {
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
import { OkResponse } from './common.js';
import { CountriesSummary, VisitedCountResponse } from './countries.js';
import {
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardSettings,
  LeaderboardUserDetails,
} from './leaderboard.js';
import {
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
import { Pin, PinCreateRequest, PinCreateResponse, PinListResponse, PinUpdateRequest } from './pins.js';
import {
  PlaceSearchQuery,
  PlaceSearchResponse,
  ReverseGeocodeQuery,
  ReverseGeocodeResult,
} from './places.js';
import { DeleteAccountRequest, DeletionCodeResponse, DeletionConfirmation } from './account.js';
import {
  BillingPortalResponse,
  ProcessPendingTierChangeResponse,
  Profile,
  TierChangeRequest,
  TierChangeResponse,
  UpdateProfileRequest,
} from './profile.js';
import { ReportRequest, ReportResponse } from './reports.js';
import type { EndpointName, ResponseOf, ShapeOf } from './endpoints.js';

/** An endpoint's schemas: a query schema exactly when its shape has a query. */
type SchemasOf<Name extends EndpointName> = {
  body?: z.ZodType;
  response: z.ZodType<ResponseOf<Name>>;
} & ('query' extends keyof ShapeOf<Name> ? { query: z.ZodType } : { query?: never });

/** 204 No Content: the client reads an empty body as undefined. */
const NoContent = z.undefined();

export const ENDPOINT_SCHEMAS = {
  authConfig: { response: AuthConfigResponse },
  signUp: { body: SignUpRequest, response: SignUpResponse },
  verifyEmail: { body: VerifyEmailRequest, response: OkResponse },
  resendCode: { body: ResendCodeRequest, response: OkResponse },
  forgotPassword: { body: ForgotPasswordRequest, response: OkResponse },
  resetPassword: { body: ResetPasswordRequest, response: OkResponse },
  signIn: { body: SignInRequest, response: Session },
  oauthExchange: { body: OAuthExchangeRequest, response: Session },
  refresh: { response: Session.optional() },
  signOut: { response: OkResponse },
  me: { response: User },
  changePassword: { body: ChangePasswordRequest, response: OkResponse },
  requestEmailChange: { body: EmailChangeRequest, response: EmailChangeStarted },
  confirmEmailChange: { body: ConfirmEmailChangeRequest, response: User },
  listPins: { response: PinListResponse },
  createPin: { body: PinCreateRequest, response: PinCreateResponse },
  updatePin: { body: PinUpdateRequest, response: Pin },
  deletePin: { response: NoContent },
  countries: { response: CountriesSummary },
  visitedCount: { response: VisitedCountResponse },
  leaderboard: { query: LeaderboardQuery, response: LeaderboardResponse },
  leaderboardUser: { response: LeaderboardUserDetails },
  leaderboardSettings: { response: LeaderboardSettings },
  updateLeaderboardSettings: { body: LeaderboardSettings, response: LeaderboardSettings },
  avatarItems: { query: AvatarItemsQuery, response: AvatarItemsResponse },
  avatarUnlocked: { response: AvatarUnlockedResponse },
  avatarAchievements: { response: AvatarAchievementsResponse },
  avatarProgress: { response: AvatarProgress },
  avatar: { response: AvatarConfig },
  saveAvatar: { body: SaveAvatarRequest, response: AvatarConfig },
  // The PNG is checked by the server as bytes (avatar-image.ts), not by a schema.
  saveAvatarImage: { response: AvatarConfig },
  checkAvatarUnlocks: { body: CheckUnlocksRequest, response: CheckUnlocksResponse },
  profile: { response: Profile },
  updateProfile: { body: UpdateProfileRequest, response: Profile },
  changeTier: { body: TierChangeRequest, response: TierChangeResponse },
  processPendingTierChange: { response: ProcessPendingTierChangeResponse },
  billingPortal: { response: BillingPortalResponse },
  accountExportUrl: { response: DownloadUrlResponse },
  deletionConfirmation: { response: DeletionConfirmation },
  sendDeletionCode: { response: DeletionCodeResponse },
  deleteAccount: { body: DeleteAccountRequest, response: NoContent },
  searchPlaces: { query: PlaceSearchQuery, response: PlaceSearchResponse },
  reverseGeocode: { query: ReverseGeocodeQuery, response: ReverseGeocodeResult },
  uploadUrl: { body: UploadUrlRequest, response: UploadUrlResponse },
  completeUpload: { body: CompleteUploadRequest, response: CompleteUploadResponse },
  listMedia: { response: MediaListResponse },
  deleteMedia: { response: DeleteMediaResponse },
  setMediaCaption: { body: MediaCaptionRequest, response: MediaItem },
  mediaDownloadUrl: { response: DownloadUrlResponse },
  pinDownloadUrl: { response: DownloadUrlResponse },
  importUploadUrl: { body: ImportUploadUrlRequest, response: ImportUploadUrlResponse },
  completeImport: { response: ImportSummary },
  listImports: { response: ImportListResponse },
  getImport: { response: ImportSummary },
  importPreview: { response: ImportPreview },
  commitImport: { body: ImportCommitRequest, response: ImportSummary },
  deleteImport: { query: ImportDeleteQuery, response: ImportDeleteResponse },
  getShare: { response: ShareSettings },
  updateShare: { body: ShareUpdateRequest, response: ShareSettings },
  regenerateShare: { response: ShareRegenerateResponse },
  submitReport: { body: ReportRequest, response: ReportResponse },
} satisfies { [Name in EndpointName]: SchemasOf<Name> };
