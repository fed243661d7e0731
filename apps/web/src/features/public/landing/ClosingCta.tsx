import { ArrowRight } from 'lucide-react';
import { formatStorage, getTier } from '@waymarks/shared';
import { ButtonLink } from '../../../components/ui/ButtonLink';

export function ClosingCta() {
  const free = getTier('free');
  return (
    <section aria-labelledby="cta-title" className="bg-slate-50 px-4 py-20 sm:px-6 sm:py-24">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-brand-800 px-6 py-14 text-center shadow-card sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_70%_80%_at_50%_-20%,rgb(61_179_174/0.3),transparent_70%),radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.09)_1px,transparent_0)] bg-[length:100%_100%,22px_22px]"
        />
        <div className="relative">
          <h2
            id="cta-title"
            className="mx-auto max-w-2xl text-balance text-3xl font-bold tracking-tight text-white sm:text-5xl"
          >
            Your next adventure deserves a place on the map
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-pretty text-lg leading-relaxed text-brand-100">
            Start free with {free.maxPins} pins and {formatStorage(free.storageGB)} of memories. Upgrade
            whenever your travels outgrow it.
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/signup" size="lg" variant="inverse">
              Get Started Free
              <ArrowRight aria-hidden="true" className="size-5" />
            </ButtonLink>
            <ButtonLink to="/signin" size="lg" variant="inverseOutline">
              Sign In
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
