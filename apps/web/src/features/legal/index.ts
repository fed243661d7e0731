// The legal texts of the info pages (SPEC.md §2): each document, with the title and description of its page.
// package.json beside this file marks these modules free of side effects, so the bundler still gives each
// page only its own text rather than one chunk of all five.
export { default as CopyrightPolicy, meta as copyrightMeta } from './CopyrightPolicy';
export { default as LimitationOfLiability, meta as liabilityMeta } from './LimitationOfLiability';
export { default as PrivacyPolicy, meta as privacyMeta } from './PrivacyPolicy';
export { default as StripePrivacy, meta as stripePrivacyMeta } from './StripePrivacy';
export { default as TermsOfService, meta as termsMeta } from './TermsOfService';
export type { LegalMeta, LegalPageProps } from './LegalDocument';
