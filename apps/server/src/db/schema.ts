// Table types for Kysely. Times are millisecond timestamps and booleans are 0/1 integers, so the same
// queries run unchanged on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  username: string | null;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string | null;
  password_hash: string | null;
  picture: string | null;
  email_verified: number;
  tier: string;
  google_sub: string | null;
  /** Bumped when every session must end (password reset); access tokens carry it. */
  token_version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface EmailCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  consumed_at: number | null;
  /** When the sign-up was made; the code itself may have been sent again since (expires_at moves). */
  created_at: number;
  /** What the sign-up chose; applied to the account only when this code is entered. */
  password_hash: string | null;
  name: string | null;
  username: string | null;
  /** SHA-256 of the ticket in the cookie of the browser that made the sign-up. */
  ticket_hash: string | null;
}

/** A signed-in traveller's move to another address, waiting for the code sent there (0019). */
export interface EmailChangesTable {
  user_id: string;
  new_email: string;
  /** HMAC of the code, keyed with the server secret. */
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  created_at: number;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: number;
  created_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
}

export interface OAuthLoginCodesTable {
  code_hash: string;
  user_id: string;
  /** SHA-256 of the binding value in the cookie of the browser that started the flow. */
  browser_hash: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_started_at: number;
  locked_until: number | null;
}

export interface ContentReportsTable {
  id: string;
  /** 9 characters of upper-case base 36, shown to the reporter as '#' + report_id. */
  report_id: string;
  content_type: string;
  content_location: string;
  description: string;
  reporter_email: string | null;
  urgency: string;
  status: Generated<string>;
  created_at: number;
}

export interface PinsTable {
  id: string;
  user_id: string;
  title: string;
  description: Generated<string>;
  lat: number;
  lng: number;
  country_code: string;
  country_name: string;
  /** 'YYYY-MM-DD' or null. */
  visit_date: string | null;
  /** 'unverified' | 'verified' | 'processing'. */
  verification_status: Generated<string>;
  verification_score: Generated<number>;
  media_count: Generated<number>;
  /** The town (else region) at the pin's coordinates; '' where there is none; null until read. */
  city: string | null;
  /** The Idempotency-Key the pin was created with (0023); null when it came without one. */
  request_key: string | null;
  /** The import that made the pin (0024); null for pins made otherwise. */
  import_id: Generated<string | null>;
  /** 1: the place's photos appear on the travel page (0025). */
  share_photos: Generated<number>;
  /** 1: the place is left off the travel page (0025). */
  share_hidden: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A traveller's travel page (0025_shares): on while it has a token. */
export interface SharesTable {
  user_id: string;
  /** The page's address, /t/{token}; null while the page is off. */
  token: string | null;
  show_map: Generated<number>;
  show_stats: Generated<number>;
  show_timeline: Generated<number>;
  show_avatar: Generated<number>;
  show_photos: Generated<number>;
  indexable: Generated<number>;
  /** JSON list of ISO 3166-1 alpha-2 codes left off the page. */
  hidden_countries: Generated<string>;
  /** Grows with every change of the row. */
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One import of a location history (0024_imports); its status is one of IMPORT_STATUSES. */
export interface ImportsTable {
  id: string;
  user_id: string;
  status: string;
  format: string | null;
  /** JSON: [{ name, size }]. */
  files: string;
  bytes_total: number;
  bytes_read: Generated<number>;
  points: Generated<number>;
  stays: Generated<number>;
  places: Generated<number>;
  created: Generated<number>;
  matched: Generated<number>;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
  committed_at: number | null;
}

/** A place an import found (0024_imports): all of them until the commit, the kept ones after. */
export interface ImportPlacesTable {
  import_id: string;
  place_key: string;
  rank: number;
  title: string;
  lat: number;
  lng: number;
  country_code: string;
  country_name: string;
  city: string;
  first_visit: string | null;
  last_visit: string | null;
  visits: number;
  minutes: number;
  kept: Generated<number>;
  pin_id: string | null;
  pin_made: Generated<number>;
}

/** One traveller's figures, rewritten from their pins and media whenever those change (0008_progress). */
export interface TravelStatsTable {
  user_id: string;
  show_on_leaderboard: Generated<number>;
  signup_at: number;
  country_count: number;
  city_count: number;
  pin_count: number;
  verified_pin_count: number;
  verified_country_count: number;
  verification_score: number;
  media_count: number;
  camera_dated_media_count: number;
  gps_verified_media_count: number;
  first_visit: string | null;
  last_visit: string | null;
  updated_at: number;
}

/** Which of the 195 a traveller reaches, with their opt-in copied for the leaderboard's totals. */
export interface TravelCountriesTable {
  user_id: string;
  country_code: string;
  show_on_leaderboard: number;
}

/** A number per traveller that triggers on pins change with every change to their pins (0010). */
export interface PinListVersionsTable {
  user_id: string;
  version: number;
}

/** A traveller's Stripe customer and what was last read of their subscription (0011). */
export interface BillingAccountsTable {
  user_id: string;
  customer_id: string;
  subscription_id: string | null;
  subscription_status: Generated<string>;
  trial_ends_at: number | null;
  current_period_end: number | null;
  cancel_at_period_end: Generated<number>;
  trial_used: Generated<number>;
  pending_tier: string | null;
  pending_at: number | null;
  updated_at: number;
}

/** Which request may open a Checkout Session for the account now (0014); claim null: none does. */
export interface BillingCheckoutClaimsTable {
  user_id: string;
  claim: string | null;
  claimed_at: number | null;
}

/** Webhook events already handled, by Stripe's event id. */
export interface BillingEventsTable {
  id: string;
  type: string;
  processed_at: number;
}

/** A traveller's saved avatar (0012): parts and seen_unlocked are JSON text, read and written whole. */
export interface AvatarsTable {
  user_id: string;
  /** Category → part id; {} while only the unlocks have been checked. */
  parts: string;
  /** Storage key of the PNG render; null before one is uploaded. */
  image_key: string | null;
  /** The part ids travel had unlocked at the last check-unlocks. */
  seen_unlocked: string;
  created_at: number;
  updated_at: number;
}

/** A one-time export link, alive while its session is (account/account.repository.ts). */
export interface AccountExportLinksTable {
  token_hash: string;
  user_id: string;
  session_id: string;
  expires_at: number;
  created_at: number;
}

/** The code that confirms the deletion of an account without a password. */
export interface AccountDeletionCodesTable {
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  created_at: number;
}

export interface MediaTable {
  id: string;
  user_id: string;
  pin_id: string;
  storage_key: string;
  /**
   * 'pending' until the stored object has been checked, then 'ready'; 'refused' once the derivatives job
   * found its pixels unreadable (its objects deleted, kept to tell the traveller why).
   */
  status: string;
  filename: string;
  /** The type sniffed from the bytes once ready; the declared one while pending. */
  content_type: string;
  /** 'image' | 'video'. */
  kind: string;
  declared_bytes: number;
  size_bytes: Generated<number>;
  width: number | null;
  height: number | null;
  /** ISO 8601 as read from the file (local wall-clock time for photos). */
  taken_at: string | null;
  date_source: string | null;
  lat: number | null;
  lng: number | null;
  camera_make: string | null;
  camera_model: string | null;
  verification_status: Generated<string>;
  verification_score: Generated<number>;
  has_location_verification: Generated<number>;
  created_at: number;
  expires_at: number;
  uploaded_at: number | null;
  /** 'pending' while the thumbnail and preview are being made, then 'ready'. */
  derivatives: Generated<string>;
  /** Why a refused item could not be kept, for the traveller. */
  refusal: string | null;
  /**
   * SHA-256 of the stored bytes, 64 hex digits, computed by the server at completion; null while pending
   * and for rows stored before it was kept. One traveller keeps one ready item per hash.
   */
  content_hash: string | null;
  /** The traveller's caption, trimmed, at most 500 characters; null when there is none. */
  caption: string | null;
}

/**
 * The declared size of an S3 upload link, kept until the sweep has removed what the link may have written
 * after it expired; counted as used while no media row has its id (media/media.repository.ts).
 */
export interface MediaUploadReservationsTable {
  media_id: string;
  user_id: string;
  bytes: number;
  link_expires_at: number;
}

/** One route's count for one client in its current window (0022, http/rate-limit-store.ts). */
export interface RateLimitsTable {
  /** The route (method and path), then a hash of the client key the limit counts by. */
  key: string;
  hits: number;
  window_ends_at: number;
}

export interface Database {
  users: UsersTable;
  email_codes: EmailCodesTable;
  email_changes: EmailChangesTable;
  password_resets: PasswordResetsTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  oauth_login_codes: OAuthLoginCodesTable;
  auth_throttle: AuthThrottleTable;
  content_reports: ContentReportsTable;
  pins: PinsTable;
  pin_list_versions: PinListVersionsTable;
  billing_accounts: BillingAccountsTable;
  billing_events: BillingEventsTable;
  billing_checkout_claims: BillingCheckoutClaimsTable;
  avatars: AvatarsTable;
  account_export_links: AccountExportLinksTable;
  account_deletion_codes: AccountDeletionCodesTable;
  media: MediaTable;
  media_upload_reservations: MediaUploadReservationsTable;
  travel_stats: TravelStatsTable;
  travel_countries: TravelCountriesTable;
  rate_limits: RateLimitsTable;
  imports: ImportsTable;
  import_places: ImportPlacesTable;
  shares: SharesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type SessionRow = Selectable<SessionsTable>;
