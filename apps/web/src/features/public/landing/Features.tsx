import type { ReactNode } from 'react';
import { ChartColumn, Check, Globe, Trophy, UserRound } from 'lucide-react';
import { Card, IconTile } from '../../../components/ui/Card';
import { SectionHeading } from '../../../components/site/InfoLayout';

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
  points: readonly string[];
}

/** The four feature cards of SPEC.md §2, Landing page. */
const FEATURES: readonly Feature[] = [
  {
    icon: <Globe />,
    title: 'Interactive Travel Map',
    text: 'A globe with every place you have pinned. Drag the timeline slider to watch your travels unfold, year by year.',
    points: [
      'Pins placed from your photos',
      'Visited countries highlighted',
      'Timeline slider through the years',
    ],
  },
  {
    icon: <UserRound />,
    title: '3D Avatar Creation',
    text: 'Design a 3D traveler that stands for you on your profile and on the leaderboard, right in the app.',
    points: ['Built-in avatar creator', 'Rotate and zoom in 3D', 'More styles on higher plans'],
  },
  {
    icon: <ChartColumn />,
    title: 'Travel Statistics',
    text: 'See how far you have come: countries and cities visited, memories kept, and your progress toward all 195 countries.',
    points: ['Progress out of 195 countries', 'Achievements as you explore', 'Breakdown by country'],
  },
  {
    icon: <Trophy />,
    title: 'Travel Leaderboard',
    text: 'Opt in to compare journeys with travelers around the world, ranked by countries visited and verified places.',
    points: ['Strictly opt-in', 'Ranked by countries and verification', 'Badges for authentic travel'],
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16 bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your travels leave behind, in one place"
          lead="Waymarks turns a camera roll full of trips into a living map you will actually want to look at."
        />
        <ul className="mt-14 grid gap-5 sm:mt-16 md:grid-cols-2 lg:gap-6">
          {FEATURES.map((feature) => (
            <Card
              as="li"
              key={feature.title}
              padding="lg"
              className="flex flex-col gap-5 transition-shadow hover:shadow-lg sm:flex-row"
            >
              <IconTile>{feature.icon}</IconTile>
              <div>
                <h3 className="text-title font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{feature.text}</p>
                <ul className="mt-4 flex flex-col gap-2">
                  {feature.points.map((point) => (
                    <li key={point} className="flex items-start gap-2 text-sm font-medium text-slate-700">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}
