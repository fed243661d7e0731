import type { ComponentPropsWithRef } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './Spinner';

interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner and disables the button; the label should say what is happening. */
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  busy = false,
  type = 'button',
  className = '',
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClasses(variant, fullWidth, size)} ${className}`}
      {...props}
    >
      {busy && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
