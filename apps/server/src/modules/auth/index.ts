// What other modules may use of the auth module: the guard (require-auth.ts, imported directly by routes),
// and the few rules they share with sign-in and sign-up. Everything else stays inside the module.
export { AUTH_MESSAGES, PENDING_SIGNUP_TTL_MS } from './auth.service.js';
export { verifyPassword } from './passwords.js';
export {
  AUTH_LIMITS,
  throttleKey,
  type Reservation,
  type Throttle,
  type ThrottlePolicy,
} from './throttle.js';
export { hashCode, hashToken, randomCode, randomToken } from './tokens.js';
