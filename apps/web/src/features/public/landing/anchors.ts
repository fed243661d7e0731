// The landing page's in-page anchors (SPEC.md §2, Landing page): top-bar label and section id.
export const LANDING_ANCHORS = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'testimonials', label: 'Reviews' },
] as const;
