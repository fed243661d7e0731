// What other features may use of the public pages: the state that tells the landing page an account
// was just deleted.
export { accountDeletedState } from './landing/account-deleted';
