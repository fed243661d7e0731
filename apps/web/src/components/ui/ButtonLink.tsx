import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';

interface ButtonLinkProps extends ComponentPropsWithRef<typeof Link> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A link inside the app that looks like a button (Get Started, Sign In, …). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className = '',
  ...props
}: ButtonLinkProps) {
  return <Link className={`${buttonClasses(variant, fullWidth, size)} ${className}`} {...props} />;
}

interface ExternalButtonLinkProps extends Omit<ComponentPropsWithRef<'a'>, 'target' | 'rel'> {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Opens in a new tab (with rel="noopener noreferrer") and says so to screen readers. */
  newTab?: boolean;
}

/** A link to another site or a mailto: address that looks like a button. */
export function ExternalButtonLink({
  variant = 'secondary',
  size = 'md',
  fullWidth = false,
  newTab = false,
  className = '',
  children,
  ...props
}: ExternalButtonLinkProps) {
  return (
    <a
      className={`${buttonClasses(variant, fullWidth, size)} ${className}`}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...props}
    >
      {children}
      {newTab && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}
