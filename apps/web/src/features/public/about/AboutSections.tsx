// The sections of /about. The country-counting sentence states the rule of DESIGN.md (Geodata).
import type { ReactNode } from 'react';
import {
  CalendarRange,
  Globe,
  Heart,
  Images,
  Mail,
  Map as MapIcon,
  MessagesSquare,
  ShieldCheck,
  Smartphone,
  Target,
  Telescope,
  TrendingUp,
} from 'lucide-react';
import { formatStorage, TIERS } from '@waymarks/shared';
import { publicConfig } from '../../../app/public-config';
import { SectionHeading } from '../../../components/site/InfoLayout';
import { ExternalButtonLink } from '../../../components/ui/ButtonLink';
import { Card, IconTile } from '../../../components/ui/Card';

const largestStorage = formatStorage(Math.max(...TIERS.map((tier) => tier.storageGB)));

const PILLARS: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Mission',
    icon: <Target />,
    text: 'Give every traveler a beautiful, private home for their journeys: a map of where they have been, with the photos and stories that make each place theirs.',
  },
  {
    title: 'Vision',
    icon: <Telescope />,
    text: 'Travel memories gathered on one map you are proud to look back on, instead of scattered across phones, clouds and forgotten folders.',
  },
  {
    title: 'Principles',
    icon: <Heart />,
    text: 'Your memories belong to you. They stay private unless you choose to share them, and we never sell your data or fill your map with ads.',
  },
];

export function Pillars() {
  return (
    <section aria-label="Mission, vision and principles">
      <ul className="grid gap-5 md:grid-cols-3">
        {PILLARS.map((pillar) => (
          <Card as="li" key={pillar.title} padding="lg" className="flex flex-col gap-4">
            <IconTile>{pillar.icon}</IconTile>
            <h2 className="text-title font-semibold text-slate-900">{pillar.title}</h2>
            <p className="leading-relaxed text-slate-600">{pillar.text}</p>
          </Card>
        ))}
      </ul>
    </section>
  );
}

const FEATURES: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Interactive Mapping',
    icon: <MapIcon />,
    text: 'Pin any place on an interactive map, or let Waymarks place your photos where they were taken.',
  },
  {
    title: 'Memory Storage',
    icon: <Images />,
    text: `Keep the photos and videos of every place with its pin, with up to ${largestStorage} of storage.`,
  },
  {
    title: 'Progress Tracking',
    icon: <TrendingUp />,
    text: 'Countries and cities visited, achievements, and a progress bar that fills as you explore.',
  },
  {
    title: 'Timeline View',
    icon: <CalendarRange />,
    text: 'See your trips in the order you took them, and zoom from whole decades down to single days.',
  },
  {
    title: 'Secure & Private',
    icon: <ShieldCheck />,
    text: 'Your pins and media are private to your account, and location data is removed from every thumbnail.',
  },
  {
    title: 'Mobile Friendly',
    icon: <Smartphone />,
    text: 'Works in any modern browser on phone, tablet or laptop. Upload straight from your camera roll.',
  },
];

export function AboutFeatures() {
  return (
    <section aria-labelledby="about-features">
      <SectionHeading
        id="about-features"
        eyebrow="What Waymarks does"
        title="Everything you need to remember the road"
      />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <Card as="li" key={feature.title} className="flex gap-4">
            <IconTile>{feature.icon}</IconTile>
            <div>
              <h3 className="font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-1.5 text-[0.9375rem] leading-relaxed text-slate-600">{feature.text}</p>
            </div>
          </Card>
        ))}
      </ul>
      <CountryRule />
    </section>
  );
}

/** How the 'out of 195' figure is counted (DESIGN.md, Geodata). */
export function CountryRule() {
  return (
    <div className="mt-8 flex flex-col gap-4 rounded-card border border-brand-200 bg-brand-50 p-6 sm:flex-row sm:items-start">
      <Globe aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <div>
        <h3 className="font-semibold text-brand-900">How we count countries</h3>
        <p className="mt-1.5 leading-relaxed text-brand-900">
          Waymarks counts the 193 UN member states and the two observer states (the Holy See and Palestine):
          195 countries. A place in a territory such as Hong Kong, Puerto Rico or Greenland keeps its own name
          and flag, and counts toward its sovereign state. Taiwan, Kosovo and Western Sahara are shown with
          their own names and flags but are not counted, since counting them would take a side in disputes the
          195 do not settle.
        </p>
        <p className="mt-1.5 text-sm leading-relaxed text-brand-900">
          Place names come from GeoNames (CC BY 4.0) and country borders from open map data, all kept on this
          server: looking up a place never asks another service.
        </p>
      </div>
    </div>
  );
}

export function OurStory() {
  return (
    <section aria-labelledby="our-story" className="mx-auto grid max-w-4xl gap-8 md:grid-cols-[1fr_2fr]">
      <SectionHeading
        id="our-story"
        eyebrow="Our Story"
        title="Built by travelers, for travelers"
        align="left"
      />
      <div className="flex flex-col gap-4 text-lg leading-relaxed text-slate-700">
        <p>
          Waymarks began with a simple frustration: years of trips, thousands of photos, and no good way to
          see them together. Camera rolls sort by date, not by place, and the stories behind the pictures
          slowly fade.
        </p>
        <p>
          So we built the map we wanted for ourselves. Pin a place, drop in the photos and videos, and watch
          your world fill in, one country at a time. The timeline lets you relive a journey in order; the
          statistics show how far you have come.
        </p>
        <p>
          Waymarks is independent and made with care. It can even run on your own server, with nothing sent to
          any outside service.
        </p>
      </div>
    </section>
  );
}

export function GetInTouch() {
  const { supportEmail, discordUrl } = publicConfig();
  return (
    <section
      aria-labelledby="get-in-touch"
      className="relative overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-12 text-center sm:px-12 sm:py-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_70%_80%_at_50%_-20%,rgb(61_179_174/0.3),transparent_70%)]"
      />
      <div className="relative">
        <h2 id="get-in-touch" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Get in Touch
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-lg leading-relaxed text-brand-100">
          Questions, ideas, or a story from the road? We would love to hear from you.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ExternalButtonLink href={`mailto:${supportEmail}`} variant="inverse" size="lg">
            <Mail aria-hidden="true" className="size-5" />
            {supportEmail}
          </ExternalButtonLink>
          <ExternalButtonLink href={discordUrl} newTab variant="inverseOutline" size="lg">
            <MessagesSquare aria-hidden="true" className="size-5" />
            Join our community chat
          </ExternalButtonLink>
        </div>
      </div>
    </section>
  );
}
