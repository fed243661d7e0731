// A pin row as the API shows it, written once. PIN_FIELDS names the column each field of the Pin contract is
// read from: toPin builds a Pin from a row with it, and the pins list has the database write the same
// fields as JSON (PinsRepository.listJson). Pins and media both answer with pins, so it is shared rather
// than one module reaching into the other.
import type { Pin } from '@waymarks/shared';
import type { Selectable } from 'kysely';
import type { PinsTable } from '../db/schema.js';

type PinRow = Selectable<PinsTable>;

/** A text the contract narrows to a set of values (verificationStatus) is stored as plain text. */
type Stored<T> = T extends string ? string : T;

/** The columns whose stored values fit a field of type T. */
type ColumnFor<T> = {
  [Column in keyof PinRow]: PinRow[Column] extends Stored<T> ? Column : never;
}[keyof PinRow];

/**
 * A column for every field of a contract and for nothing else, each holding values the field takes: a field
 * added to the Pin schema without its column here fails to compile (pin.presenter.test.ts shows it).
 */
export type FieldColumns<Contract> = { [Field in keyof Contract]-?: ColumnFor<Contract[Field]> };

/** In the contract's order, which the list's JSON keeps (pin.presenter.test.ts holds it to the schema). */
export const PIN_FIELDS = {
  pinId: 'id',
  title: 'title',
  description: 'description',
  lat: 'lat',
  lng: 'lng',
  mediaCount: 'media_count',
  countryCode: 'country_code',
  countryName: 'country_name',
  country: 'country_name',
  visitDate: 'visit_date',
  verificationStatus: 'verification_status',
  verificationScore: 'verification_score',
  name: 'title',
} as const satisfies FieldColumns<Pin>;

type PinColumn = (typeof PIN_FIELDS)[keyof Pin];

/** Each field of the contract with the column it is read from, in the contract's order. */
export const PIN_FIELD_LIST = Object.entries(PIN_FIELDS) as readonly (readonly [keyof Pin, PinColumn])[];

/** The columns a Pin is read from. */
export type PinColumns = Pick<PinRow, PinColumn>;

export function toPin(row: PinColumns): Pin {
  const pin: Record<string, unknown> = {};
  for (const [field, column] of PIN_FIELD_LIST) pin[field] = row[column];
  // Each column fits its field (FieldColumns); verification_status holds only the contract's statuses.
  return pin as Pin;
}
