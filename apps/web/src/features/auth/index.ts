// What other features may use of auth.
export { SignOutButton } from './components/SignOutButton';
