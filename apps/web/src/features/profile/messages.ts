// The profile's texts from SPEC.md §2, §4 and §8, and those of changing the name, password and e-mail,
// each written once here and shown where the UI needs it.

export const PROFILE_MESSAGES = {
  title: 'Profile & Settings',
  loadFailedTitle: 'Unable to Load Profile',
  loadFailed: 'Failed to load profile data',
  retry: 'Retry Loading',
  usernameUpdated: 'Username updated successfully!',
  usernameFailed: 'Failed to update username',
  nameUpdated: 'Name updated successfully!',
  nameFailed: 'Failed to update name',
  passwordChanged:
    'Your password has been changed. Other devices signed in to your account have been signed out.',
  passwordFailed: 'Could not change your password. Please try again.',
  emailCodeFailed: 'Could not send the code. Please try again.',
  emailChangeFailed: 'Could not change your e-mail address. Please try again.',
  passwordLinkFailed: 'Could not send the link. Please try again.',
  tierChangeFailed: 'Failed to process tier change',
  paymentSuccess: 'Payment successful! Your subscription has been updated.',
  paymentCancelled: 'Payment was cancelled. You can try again anytime.',
  planChangeKeeps: 'Your pins, photos and videos are kept.',
  billingPortalFailed: 'Could not open the billing portal. Please try again.',
  exportFailed: 'Could not prepare your export. Please try again.',
  deleteFailed: 'Could not delete your account. Please try again.',
  deletionConfirmationFailed: 'Could not load how to confirm the deletion.',
  deletionCodeFailed: 'Could not send the code. Please try again.',
} as const;
