// Class lists shared by <Button>, <ButtonLink> and anything else that should look like a button.

export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'ghost'
  | 'link'
  /** White on a dark (brand) background: the main action of a dark band. */
  | 'inverse'
  /** Outlined in white on a dark background: the second action of a dark band. */
  | 'inverseOutline';

/** md is every form's size (44 px tall); lg is for hero and closing calls to action (52 px). */
export type ButtonSize = 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
  link: 'text-brand-700 underline-offset-4 hover:underline hover:text-brand-800',
  inverse:
    'bg-white text-brand-800 shadow-sm hover:bg-brand-50 active:bg-brand-100 focus-visible:outline-white',
  inverseOutline:
    'border border-white/60 text-white hover:bg-white/10 active:bg-white/15 focus-visible:outline-white',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-11 px-5',
  lg: 'min-h-13 px-7 text-base',
};

/** Padding of each variant at each size: ghost is a little tighter, link has almost none. */
function sizeClasses(variant: ButtonVariant, size: ButtonSize): string {
  if (variant === 'link') return 'min-h-11 px-1';
  if (variant === 'ghost' && size === 'md') return 'min-h-11 px-4';
  return SIZES[size];
}

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  fullWidth = false,
  size: ButtonSize = 'md',
): string {
  return `${BASE} ${sizeClasses(variant, size)} ${VARIANTS[variant]}${fullWidth ? ' w-full' : ''}`;
}
