// The site's fixed link lists (SPEC.md §2, footers), in the order the footers show them.

interface SiteLink {
  to: string;
  label: string;
}

export const LEGAL_LINKS: readonly SiteLink[] = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/stripe-privacy', label: 'Stripe Privacy Notice' },
  { to: '/liability', label: 'Limitation of Liability' },
  { to: '/copyright', label: 'Copyright & DMCA' },
  { to: '/illegal-content', label: 'Report Content' },
];

export const PRODUCT_NAME = 'Waymarks';
export const TAGLINE = 'Track, Remember, Explore';
