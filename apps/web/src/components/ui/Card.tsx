import type { ComponentPropsWithRef, ElementType, ReactNode } from 'react';

/** Surface classes every card shares: white, a hairline border, the card radius and a soft shadow. */
const cardClasses = 'rounded-card border border-slate-200/80 bg-white shadow-card';

type CardProps<E extends ElementType> = {
  as?: E;
  /** Inner padding: 'md' for dense cards, 'lg' for forms and feature panels. */
  padding?: 'none' | 'md' | 'lg';
  className?: string;
  children?: ReactNode;
} & Omit<ComponentPropsWithRef<E>, 'as' | 'className' | 'children'>;

const PADDING = { none: '', md: 'p-5 sm:p-6', lg: 'p-6 sm:p-8' } as const;

/** A card surface; `as` picks the element (section, article, li, …). */
export function Card<E extends ElementType = 'div'>({
  as,
  padding = 'md',
  className = '',
  children,
  ...props
}: CardProps<E>) {
  const Element: ElementType = as ?? 'div';
  return (
    <Element className={`${cardClasses} ${PADDING[padding]} ${className}`} {...props}>
      {children}
    </Element>
  );
}

/** A rounded tile holding an icon at the top of a card. */
export function IconTile({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'accent' }) {
  const colors =
    tone === 'brand'
      ? 'bg-brand-50 text-brand-700 ring-brand-100'
      : 'bg-orange-50 text-accent-600 ring-orange-100';
  return (
    <span
      aria-hidden="true"
      className={`flex size-12 shrink-0 items-center justify-center rounded-xl ring-1 ring-inset ${colors} [&_svg]:size-6`}
    >
      {children}
    </span>
  );
}
