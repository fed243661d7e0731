// Class lists shared by <Button> and by links that look like buttons.

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'min-h-11 px-5 bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'min-h-11 px-5 border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100',
  ghost: 'min-h-11 px-4 text-slate-700 hover:bg-slate-100 active:bg-slate-200',
  link: 'min-h-11 px-1 text-brand-700 underline-offset-4 hover:underline hover:text-brand-800',
};

export function buttonClasses(variant: ButtonVariant = 'primary', fullWidth = false): string {
  return `${BASE} ${VARIANTS[variant]}${fullWidth ? ' w-full' : ''}`;
}
