// A visit date that can be cleared, with the date written out under it: 'When did you visit?' when
// saving a place or uploading to an unsaved one, 'Visit date' when editing a pin.
import { PIN_LIMITS, formatVisitDate, latestVisitDate, visitDateError } from '@waymarks/shared';
import { Button } from './ui/Button';
import { Input } from './ui/Input';

export function VisitDateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const hint = value && !visitDateError(value) ? formatVisitDate(value) : 'Optional';
  return (
    <div className="flex flex-col gap-1">
      <Input
        type="date"
        label={label}
        value={value}
        min={PIN_LIMITS.earliestVisitDate}
        max={latestVisitDate()}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={hint}
      />
      {value && (
        <Button variant="link" onClick={() => onChange('')} className="self-start text-sm">
          Clear date
        </Button>
      )}
    </div>
  );
}
