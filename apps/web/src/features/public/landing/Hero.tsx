import { ArrowRight, Check } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { AccountDeletedNotice } from './AccountDeletedNotice';
import { HeroIllustration } from './HeroIllustration';

const PROMISES = ['Free plan, no card needed', 'Your photos stay yours', 'Works on any device'];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-map-grid">
      <AccountDeletedNotice />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-16 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:pb-24 lg:pt-20">
        <div className="max-w-xl">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-800 shadow-xs">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent-500" />
            Your travel memories, on one map
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-5xl font-extrabold leading-[1.05] tracking-tight text-slate-900 sm:text-6xl lg:text-7xl"
          >
            Map Your <span className="text-brand-700">Adventures</span>
          </h1>
          <p className="mt-6 text-pretty text-lg leading-relaxed text-slate-600 sm:text-xl">
            Pin every place you have been, keep the photos and videos from each one, and watch your own map of
            the world fill in, trip after trip.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/signup" size="lg" className="shadow-md shadow-brand-900/20">
              Start Your Journey
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <ButtonLink to="/signin" size="lg" variant="secondary">
              Sign In
            </ButtonLink>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm font-medium text-slate-600 sm:flex-row sm:flex-wrap">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-brand-600" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
