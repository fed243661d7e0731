// / : the landing page (SPEC.md §2, Landing page). Light on purpose: no map, no 3D, no images to fetch.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageMeta } from '../app/usePageTitle';
import { FullFooter } from '../components/site/Footer';
import { SkipLink } from '../components/site/SkipLink';
import { ClosingCta } from '../features/public/landing/ClosingCta';
import { Features } from '../features/public/landing/Features';
import { Hero } from '../features/public/landing/Hero';
import { LandingHeader } from '../features/public/landing/LandingHeader';
import { Testimonials } from '../features/public/landing/Testimonials';
import { PricingSection } from '../features/public/pricing/PricingSection';
import type { PageMeta } from '../prerender/pages';

export const meta: PageMeta = {
  title: null,
  description:
    'Waymarks maps your adventures: pin every place you have been, keep its photos and videos, and track your progress across the world. Free to start.',
};

export default function LandingRoute() {
  usePageMeta(meta.title, meta.description);
  const { hash } = useLocation();
  // A shared link such as /#pricing: the page arrives after the router looked for the section, so scroll here.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    // Only on arrival; later anchor clicks are scrolled by the router.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Hero />
        <Features />
        <PricingSection />
        <Testimonials />
        <ClosingCta />
      </main>
      <FullFooter />
    </div>
  );
}
