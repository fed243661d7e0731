// Saving a place without photos (SPEC.md §2 Location dialog): an optional visit date, then 'Save to my
// map', or the pin limit and 'Upgrade Now' once the plan's pins are used up.
import { useState, type FormEvent } from 'react';
import {
  canCreatePin,
  getTier,
  pinLimitMessage,
  visitDateError,
  type Pin,
  type TierId,
} from '@waymarks/shared';
import { describeError, newIdempotencyKey } from '../../../lib/api';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { VisitDateField } from '../../../components/VisitDateField';
import { roundCoordinate, type MapPlace } from '../../places';
import { useCreatePin } from '../api/pins';

export function NewPlaceForm({
  place,
  tier,
  pinCount,
  onSaved,
}: {
  place: MapPlace;
  tier: TierId;
  pinCount: number;
  onSaved: (pin: Pin) => void;
}) {
  const create = useCreatePin();
  // Every Save of this place is one create: tried again, it finds the pin an earlier try made.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [visitDate, setVisitDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const allowed = canCreatePin(tier, pinCount);
  const plan = getTier(tier);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = visitDate ? visitDateError(visitDate) : null;
    setDateError(problem);
    if (problem) return;
    const pin = await create
      .mutateAsync({
        body: {
          lat: roundCoordinate(place.lat),
          lng: roundCoordinate(place.lng),
          countryCode: place.countryCode,
          countryName: place.countryName,
          title: place.name,
          description: `Photos from ${place.name}`,
          ...(visitDate ? { visitDate } : {}),
        },
        idempotencyKey,
      })
      .catch(() => null);
    if (pin) onSaved(pin);
  }

  if (!allowed) {
    return (
      <div className="flex flex-col gap-3">
        <Alert tone="info">{pinLimitMessage(plan.name, plan.maxPins, pinCount)}</Alert>
        <ButtonLink to="/profile" className="self-start">
          Upgrade Now
        </ButtonLink>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <VisitDateField
        label="Visit date"
        value={visitDate}
        onChange={(value) => {
          setVisitDate(value);
          setDateError(null);
        }}
        error={dateError}
      />
      {create.error && <Alert tone="error">{describeError(create.error, 'Could not save this place')}</Alert>}
      <Button type="submit" busy={create.isPending}>
        {create.isPending ? 'Saving...' : 'Save to my map'}
      </Button>
    </form>
  );
}
