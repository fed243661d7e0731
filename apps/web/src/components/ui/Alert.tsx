import type { ReactNode } from 'react';
import { CircleCheck, CircleExclamationPoint, Info } from 'lucide-react';

export type AlertTone = 'error' | 'success' | 'info';

const TONES: Record<AlertTone, { classes: string; Icon: typeof Info }> = {
  error: { classes: 'border-danger-200 bg-danger-50 text-danger-800', Icon: CircleExclamationPoint },
  success: { classes: 'border-success-200 bg-success-50 text-success-800', Icon: CircleCheck },
  info: { classes: 'border-brand-200 bg-brand-50 text-brand-900', Icon: Info },
};

/** A banner. Errors interrupt (role=alert); success and info wait their turn (role=status). */
export function Alert({
  tone,
  children,
  className = '',
}: {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
}) {
  const { classes, Icon } = TONES[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2.5 rounded-control border px-3.5 py-3 text-sm font-medium ${classes} ${className}`}
    >
      <Icon aria-hidden="true" className="mt-px size-5 shrink-0" />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
