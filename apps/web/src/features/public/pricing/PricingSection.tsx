// Pricing (SPEC.md §2, Landing page): one card per tier, every figure taken from the tier table in
// @waymarks/shared, so a price changed there is a price changed here (PricingSection.test.tsx).
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice, TIERS, tierFeatureTexts, type Tier } from '@waymarks/shared';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { SectionHeading } from '../../../components/site/InfoLayout';

/** 'Free', or the amount large and '/month' small; the text reads as formatPrice's '$x.xx/month'. */
function Price({ price }: { price: number }) {
  const text = formatPrice(price);
  const slash = text.indexOf('/');
  return (
    <p className="flex items-baseline gap-0.5 text-slate-900">
      {slash === -1 ? (
        <span className="text-4xl font-bold tracking-tight">{text}</span>
      ) : (
        <>
          <span className="text-4xl font-bold tracking-tight">{text.slice(0, slash)}</span>
          <span className="text-base font-medium text-slate-600">{text.slice(slash)}</span>
        </>
      )}
    </p>
  );
}

export function PricingCard({ tier }: { tier: Tier }) {
  const nameId = `tier-${tier.id}-name`;
  return (
    <li
      className={
        'relative flex flex-col rounded-card border bg-white p-6 ' +
        (tier.popular
          ? 'border-brand-600 shadow-card ring-1 ring-brand-600 xl:-my-3 xl:py-9'
          : 'border-slate-200/80 shadow-sm')
      }
    >
      {tier.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3.5 py-1 text-xs font-semibold uppercase tracking-wider text-white shadow-sm">
          Popular
        </p>
      )}
      <h3 id={nameId} className="text-lg font-semibold text-slate-900">
        {tier.name}
      </h3>
      <p className="mt-1 min-h-10 text-sm leading-5 text-slate-600">{tier.audience}</p>
      <div className="mt-4">
        <Price price={tier.price} />
      </div>
      <ul className="mt-6 flex flex-1 flex-col gap-3 border-t border-slate-100 pt-6">
        {tierFeatureTexts(tier.id).map((text) => (
          <li key={text} className="flex items-start gap-2.5 text-sm leading-5 text-slate-700">
            <Check aria-hidden="true" className="mt-px size-4 shrink-0 text-brand-600" />
            {text}
          </li>
        ))}
      </ul>
      <ButtonLink
        to="/signup"
        variant={tier.popular ? 'primary' : 'secondary'}
        fullWidth
        aria-describedby={nameId}
        className="mt-8"
      >
        {tier.id === 'free' ? 'Get Started Free' : 'Start Free Trial'}
      </ButtonLink>
    </li>
  );
}

export function PricingSection({ tiers = TIERS }: { tiers?: readonly Tier[] }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Plans that grow with your travels"
          lead="Start free. Every paid plan begins with a free trial, and you can change plans whenever you like."
        />
        <ul className="mx-auto mt-16 grid max-w-md gap-6 md:max-w-none md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5 xl:gap-4">
          {tiers.map((tier) => (
            <PricingCard key={tier.id} tier={tier} />
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-slate-600">
          Prices in US dollars per month. Price changes are announced 30 days in advance. Change or cancel
          your plan, export your data or delete your account at any time from your{' '}
          <Link to="/profile" className="font-medium text-brand-700 underline underline-offset-2">
            profile
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
