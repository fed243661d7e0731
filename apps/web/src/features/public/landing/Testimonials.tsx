import { Star } from 'lucide-react';
import { Card } from '../../../components/ui/Card';
import { SectionHeading } from '../../../components/site/InfoLayout';

/** Three fixed testimonials (SPEC.md §2, Landing page). */
const TESTIMONIALS = [
  {
    quote:
      'Twelve years of trips finally live in one place. Watching the map fill in, country by country, is wonderfully addictive.',
    name: 'Maya Rodrigues',
    detail: 'Lisbon, Portugal · 38 countries',
    initials: 'MR',
    tone: 'bg-brand-100 text-brand-800',
  },
  {
    quote:
      'The timeline is my favourite part. I slid it back to our honeymoon and there it all was, every photo pinned where we took it.',
    name: 'Daniel Kim',
    detail: 'Toronto, Canada · 21 countries',
    initials: 'DK',
    tone: 'bg-orange-100 text-orange-900',
  },
  {
    quote:
      'I move every few months for work. Waymarks turned twenty thousand photos into a map I actually open and enjoy.',
    name: 'Priya Shah',
    detail: 'Digital nomad · 54 countries',
    initials: 'PS',
    tone: 'bg-sky-100 text-sky-900',
  },
] as const;

export function Testimonials() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-16 bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Reviews"
          title="Loved by travelers"
          lead="People who have been everywhere, and people just getting started."
        />
        <ul className="mt-14 grid gap-5 sm:mt-16 lg:grid-cols-3 lg:gap-6">
          {TESTIMONIALS.map((testimonial) => (
            <Card as="li" key={testimonial.name} padding="lg" className="flex">
              <figure className="flex flex-col">
                <div className="flex gap-0.5 text-accent-500" role="img" aria-label="5 out of 5 stars">
                  {[0, 1, 2, 3, 4].map((star) => (
                    <Star key={star} aria-hidden="true" className="size-5 fill-current" />
                  ))}
                </div>
                <blockquote className="mt-5 flex-1 text-pretty text-lg leading-relaxed text-slate-800">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
                  <span
                    aria-hidden="true"
                    className={`flex size-11 items-center justify-center rounded-full text-sm font-bold ${testimonial.tone}`}
                  >
                    {testimonial.initials}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-semibold text-slate-900">{testimonial.name}</span>
                    <span className="text-sm text-slate-600">{testimonial.detail}</span>
                  </span>
                </figcaption>
              </figure>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}
