// Ids of the things people own (users, pins, media, sessions): random UUIDs, so they cannot be guessed
// or counted, and one check that a value could be one before any query is made for it.
import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Anything that is not a UUID names nothing: answered 404 without a query. */
export const isId = (value: string): boolean => UUID_PATTERN.test(value);
