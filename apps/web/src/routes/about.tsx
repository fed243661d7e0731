// /about (SPEC.md §2, Info pages): hero, Mission, Vision and Principles, six features, how countries are
// counted, Our Story and Get in Touch.
import { Compass } from 'lucide-react';
import { usePageMeta } from '../app/usePageTitle';
import { InfoLayout, PageHero } from '../components/site/InfoLayout';
import { AboutFeatures, GetInTouch, OurStory, Pillars } from '../features/public/about/AboutSections';
import type { PageMeta } from '../prerender/pages';

export const meta: PageMeta = {
  title: 'About',
  description:
    'Why we built Waymarks, what it does, and the principles behind it: a private, beautiful map of everywhere you have been.',
};

export default function AboutRoute() {
  usePageMeta(meta.title, meta.description);
  return (
    <InfoLayout>
      <PageHero
        icon={<Compass />}
        title="About Waymarks"
        subtitle="A home for every place you have been, and every memory that goes with it."
      />
      <div className="mx-auto flex max-w-6xl flex-col gap-20 px-4 py-14 sm:gap-24 sm:px-6 sm:py-20">
        <Pillars />
        <AboutFeatures />
        <OurStory />
        <GetInTouch />
      </div>
    </InfoLayout>
  );
}
