import { describe, expect, it } from 'vitest';
import { Pin } from '@waymarks/shared';
import { PIN_FIELD_LIST, PIN_FIELDS, toPin, type FieldColumns, type PinColumns } from './pin.presenter.js';

const row: PinColumns = {
  id: 'b7e2c1d0-4a3f-4e8b-9c6d-5f1a2b3c4d5e',
  title: 'Lisbon',
  description: 'Trams and tiles',
  lat: 38.7223,
  lng: -9.1393,
  media_count: 3,
  country_code: 'PT',
  country_name: 'Portugal',
  visit_date: '2019-06-12',
  verification_status: 'verified',
  verification_score: 80,
};

describe('the Pin presenter', () => {
  it('names a column for every field of the Pin contract, in the schema’s order, and nothing else', () => {
    expect(Object.keys(PIN_FIELDS)).toEqual(Object.keys(Pin.shape));
    expect(PIN_FIELD_LIST.map(([field]) => field)).toEqual(Object.keys(Pin.shape));
  });

  it('shows a row as a Pin the contract accepts, each field read from its column, in the schema’s order', () => {
    const pin = toPin(row);
    expect(pin).toEqual({
      pinId: row.id,
      title: 'Lisbon',
      description: 'Trams and tiles',
      lat: 38.7223,
      lng: -9.1393,
      mediaCount: 3,
      countryCode: 'PT',
      countryName: 'Portugal',
      country: 'Portugal',
      visitDate: '2019-06-12',
      verificationStatus: 'verified',
      verificationScore: 80,
      name: 'Lisbon',
    });
    expect(Pin.parse(pin)).toEqual(pin);
    expect(Object.keys(pin)).toEqual(Object.keys(Pin.shape));
  });

  it('keeps an undated pin’s visitDate null', () => {
    expect(toPin({ ...row, visit_date: null }).visitDate).toBeNull();
  });
});

// Compile-time proofs (tsc -p apps/server): the field list must follow the contract.
// @ts-expect-error a field added to the contract without its column does not compile
export const withNewField: FieldColumns<Pin & { rating: number }> = PIN_FIELDS;
// @ts-expect-error a column that is not the contract's does not compile
export const withExtraColumn: FieldColumns<Pin> = { ...PIN_FIELDS, userId: 'user_id' } as const;
// @ts-expect-error a field read from a column of another type does not compile
export const withWrongColumn: FieldColumns<Pin> = { ...PIN_FIELDS, lat: 'title' } as const;
