// What other features may use of auth.
export { SignOutButton } from './components/SignOutButton';
export { PASSWORD_HINT } from './messages';
