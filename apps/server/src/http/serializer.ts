// Response bodies: cut to the route's zod schema by a projection compiled once per schema
// (contract-projection.ts), then written as JSON (json-bytes.ts). Every key outside the contract is dropped
// and every kept value has its declared type, at the cost of a walk over the body. zod's full parse, which
// copies the whole body and runs every refinement, cost a 10,000-pin list a tenth of its CPU
// (bench/pins-list); it now runs only where a broken contract should be loud: in development and in test
// runs, where it checks each answer and the projection must write exactly the JSON the parse writes.
// A body with a writer of its own (a list the database wrote as JSON, json-bytes.ts WritesOwnJson) skips
// the projection and is held to the same values in the check.
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { ContractMismatch, projectionOf } from './contract-projection.js';
import { jsonBody, OWN_JSON, writesOwnJson } from './json-bytes.js';

type ResponseSchema = $ZodType | { properties: $ZodType };

/** `npm run dev` sets NODE_ENV=development and vitest sets NODE_ENV=test; a deployment sets neither. */
export const CHECK_RESPONSES_WITH_ZOD = ['development', 'test'].includes(process.env.NODE_ENV ?? '');

function zodSchemaOf(schema: ResponseSchema): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (schema.properties instanceof $ZodType) return schema.properties;
  throw new Error(`Response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

export function createSerializerCompiler({
  checkWithZod = CHECK_RESPONSES_WITH_ZOD,
}: { checkWithZod?: boolean } = {}): FastifySerializerCompiler<ResponseSchema> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    const project = projectionOf(zodSchema);
    return (data) => {
      const write = () =>
        refusingMismatches(
          () => (writesOwnJson(data) ? data[OWN_JSON]() : jsonBody(project(data))),
          method,
          url,
        );
      return sendable(checkWithZod ? checkedWithZod(zodSchema, data, method, url, write) : write());
    };
  };
}

/** The body `write` writes, with a value of the wrong type refused as a failed parse would be. */
function refusingMismatches(write: () => string | Buffer, method: string, url: string): string | Buffer {
  try {
    return write();
  } catch (error) {
    if (!(error instanceof ContractMismatch)) throw error;
    // The error handler and logs read the cause as zod's error, as for a failed parse.
    const issue = {
      code: 'custom' as const,
      path: error.path,
      message: error.message,
      input: error.actual,
    };
    throw new ResponseSerializationError(method, url, { cause: new z.ZodError([issue]) });
  }
}

/**
 * Fastify's serializer type says string, but Fastify sends a Buffer from a serializer as it is (its
 * onSend path takes either); a large body is one (json-bytes.ts).
 */
const sendable = (body: string | Buffer) => body as string;

export const serializerCompiler = createSerializerCompiler();

/**
 * zod's verdict on the data and its output (its parse, or its encode for a codec given its decoded value,
 * as fastify-type-provider-zod writes it), with what `write` writes held to it: the projection's text must
 * be the very same JSON; a body's own writer (text the database wrote) must hold the same values with the
 * same keys in the same order, as a number may be written with other digits (0.0 for 0).
 */
function checkedWithZod(
  schema: $ZodType,
  data: unknown,
  method: string,
  url: string,
  write: () => string | Buffer,
): string | Buffer {
  const parsed = z.safeParse(schema, data);
  const result = parsed.success ? parsed : z.safeEncode(schema, data);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  const expected = JSON.stringify(result.data);
  const body = write();
  const ownWriter = writesOwnJson(data);
  const sent = body === undefined ? body : ownWriter ? rewritten(String(body)) : String(body);
  if (sent !== expected) {
    const writer = ownWriter ? 'its own writer' : 'the response projection';
    throw new Error(
      `For ${method} ${url}, ${writer} wrote ${String(body).slice(0, 200)} where zod wrote ` +
        `${String(expected).slice(0, 200)}`,
    );
  }
  return body;
}

/** The JSON as JSON.stringify writes its value; text that is not JSON stays as it is, to be refused. */
function rewritten(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json;
  }
}
