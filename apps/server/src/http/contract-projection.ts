// A response body cut to its contract without zod's full parse: compiled once per response schema, it keeps
// exactly the keys the schema names (recursively, through objects, arrays, optional, nullable, default and
// discriminated unions) and checks each kept value's type, so nothing outside the contract ever reaches the
// JSON. Refinements (lengths, ranges, patterns) are not re-run here: the zod schema stays the one rule, and
// development and test runs still parse every answer with it (serializer.ts).
//
// An object that already holds only the contract's keys, in the contract's order, is returned as it is and
// not copied, so a 10,000-pin list that the presenter built to the contract costs a walk, not a second
// copy. What a projection writes is what zod's parse writes, key order included.
import { z } from 'zod';

/** The value cut to the contract: the same reference when nothing had to go. Throws ContractMismatch. */
export type Projection = (value: unknown) => unknown;

/** A value whose type is not the one its schema declares; `path` leads to it from the body's root. */
export class ContractMismatch extends Error {
  override name = 'ContractMismatch';
  readonly path: (string | number)[] = [];

  constructor(
    readonly expected: string,
    readonly actual: unknown,
  ) {
    super(`(root): expected ${expected}, got ${describeValue(actual)}`);
  }

  /** Called on the way out of each object and array, so the message names the whole path. */
  within(step: string | number): this {
    this.path.unshift(step);
    this.message = `${this.path.join('.')}: expected ${this.expected}, got ${describeValue(this.actual)}`;
    return this;
  }
}

const compiled = new WeakMap<z.core.$ZodType, Projection>();

/** The projection of `schema`, compiled on first use and kept for as long as the schema lives. */
export function projectionOf(schema: z.core.$ZodType): Projection {
  const known = compiled.get(schema);
  if (known) return known;
  // A recursive schema (z.lazy or a getter in a shape) reaches itself while compiling: it finds this
  // forwarder, which calls the finished projection once there is one.
  compiled.set(schema, (value) => projection(value));
  const projection = compile(schema);
  compiled.set(schema, projection);
  return projection;
}

function compile(schema: z.core.$ZodType): Projection {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object':
      // A strict object is cut like a stripping one (safe in the same direction); a loose one or one with
      // a catch-all lets other keys through by its own rule, which zod applies.
      if (def.catchall && def.catchall._zod.def.type !== 'never') return parsedByZod(schema);
      return objectProjection(def.shape);
    case 'array':
      return arrayProjection(projectionOf(def.element));
    case 'string':
    case 'template_literal':
      return typeCheck('string', (value) => typeof value === 'string');
    case 'number':
      return typeCheck('number', (value) => typeof value === 'number' && Number.isFinite(value));
    case 'boolean':
      return typeCheck('boolean', (value) => typeof value === 'boolean');
    case 'null':
      return typeCheck('null', (value) => value === null);
    case 'undefined':
    case 'void':
      return typeCheck('undefined', (value) => value === undefined);
    case 'date':
      return typeCheck('Date', (value) => value instanceof Date && !Number.isNaN(value.getTime()));
    case 'literal':
    case 'enum': {
      const allowed = new Set<unknown>(def.type === 'literal' ? def.values : Object.values(def.entries));
      return typeCheck([...allowed].map((v) => JSON.stringify(v)).join(' | '), (value) => allowed.has(value));
    }
    case 'any':
    case 'unknown':
      return (value) => value;
    case 'optional':
      return orPassing(undefined, projectionOf(def.innerType));
    case 'nullable':
      return orPassing(null, projectionOf(def.innerType));
    case 'default': {
      const inner = projectionOf(def.innerType);
      return (value) => (value === undefined ? def.defaultValue : inner(value));
    }
    case 'nonoptional':
    case 'readonly':
      return projectionOf(def.innerType);
    case 'lazy':
      return (value) => projectionOf(def.getter())(value);
    case 'union':
      return 'discriminator' in def && typeof def.discriminator === 'string'
        ? discriminatedProjection(def.discriminator, def.options)
        : firstFittingProjection(def.options);
    default:
      // Transforms, pipes and codecs, records, tuples and the rest: rare in answers, and zod's own
      // reading of them is the only faithful one.
      return parsedByZod(schema);
  }
}

function objectProjection(shape: z.core.$ZodShape): Projection {
  const keys = Object.keys(shape);
  const projections = keys.map((key) => projectionOf(shape[key]!));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ContractMismatch('object', value);
    }
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined = holdsOnlyInOrder(record, keys) ? undefined : {};
    let i = 0;
    try {
      for (; i < keys.length; i += 1) {
        const key = keys[i]!;
        const input = record[key];
        const output = projections[i]!(input);
        if (out === undefined && output !== input) out = copyOfFirst(record, keys, i);
        if (out !== undefined && output !== undefined) out[key] = output;
      }
    } catch (error) {
      throw at(error, keys[i]!);
    }
    return out ?? record;
  };
}

/**
 * Whether JSON.stringify of `record` would write only keys of `keys`, in their order: a plain object whose
 * own enumerable keys are a subsequence of them. Anything else (another prototype, whose getters zod
 * would read, or a key outside the contract) is copied key by key.
 */
function holdsOnlyInOrder(record: Record<string, unknown>, keys: string[]): boolean {
  const prototype = Object.getPrototypeOf(record) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  let next = 0;
  for (const key in record) {
    while (next < keys.length && keys[next] !== key) next += 1;
    if (next === keys.length) return false;
    next += 1;
  }
  return true;
}

function copyOfFirst(
  record: Record<string, unknown>,
  keys: string[],
  count: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < count; i += 1) {
    const key = keys[i]!;
    if (record[key] !== undefined) out[key] = record[key];
  }
  return out;
}

function arrayProjection(item: Projection): Projection {
  return (value) => {
    if (!Array.isArray(value)) throw new ContractMismatch('array', value);
    let out: unknown[] | undefined;
    let i = 0;
    try {
      for (; i < value.length; i += 1) {
        const input: unknown = value[i];
        const output = item(input);
        if (out === undefined && output !== input) out = value.slice(0, i);
        if (out !== undefined) out.push(output);
      }
    } catch (error) {
      throw at(error, i);
    }
    return out ?? value;
  };
}

function typeCheck(expected: string, fits: (value: unknown) => boolean): Projection {
  return (value) => {
    if (!fits(value)) throw new ContractMismatch(expected, value);
    return value;
  };
}

/** `passing` (undefined or null) as it is, anything else through `inner`. */
function orPassing(passing: undefined | null, inner: Projection): Projection {
  return (value) => (value === passing ? value : inner(value));
}

/** The option whose discriminator value the body carries, as zod's discriminated union picks it. */
function discriminatedProjection(discriminator: string, options: readonly z.core.$ZodType[]): Projection {
  const byValue = new Map<unknown, Projection>();
  for (const option of options) {
    for (const tag of option._zod.propValues?.[discriminator] ?? []) byValue.set(tag, projectionOf(option));
  }
  const expected = `object with ${discriminator} ${[...byValue.keys()].map((v) => JSON.stringify(v)).join(' | ')}`;
  return (value) => {
    const tag =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[discriminator]
        : undefined;
    const projection = byValue.get(tag);
    if (!projection) throw new ContractMismatch(expected, value);
    return projection(value);
  };
}

/**
 * The first option whose shape the body has. zod takes the first option that passes all its checks;
 * the two differ only between options alike in shape and apart in refinements, and either keeps only its
 * own keys.
 */
function firstFittingProjection(options: readonly z.core.$ZodType[]): Projection {
  const projections = options.map(projectionOf);
  return (value) => {
    const mismatches: ContractMismatch[] = [];
    for (const projection of projections) {
      try {
        return projection(value);
      } catch (error) {
        if (!(error instanceof ContractMismatch)) throw error;
        mismatches.push(error);
      }
    }
    throw new ContractMismatch(`one of: ${mismatches.map((m) => m.expected).join('; ')}`, value);
  };
}

/** zod's parse of the value, or its encode when the value is a codec's decoded side (a Date for a string). */
function parsedByZod(schema: z.core.$ZodType): Projection {
  return (value) => {
    const parsed = z.safeParse(schema, value);
    if (parsed.success) return parsed.data;
    const encoded = z.safeEncode(schema, value);
    if (encoded.success) return encoded.data;
    throw new ContractMismatch(z.prettifyError(encoded.error).replaceAll('\n', ' '), value);
  };
}

function at(error: unknown, step: string | number): unknown {
  return error instanceof ContractMismatch ? error.within(step) : error;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'Date';
  return typeof value;
}
