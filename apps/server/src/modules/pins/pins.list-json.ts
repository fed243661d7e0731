// The answer of GET /api/pins (the list, and the timeline) as the database wrote it
// (PinsRepository.listJson). The generic path built a Pin per row, walked the list again to cut it to the
// contract (http/contract-projection.ts) and stringified it; here the database writes exactly the contract's
// fields, so there is nothing to cut, and the serializer sends the text as it is. In development and test
// runs the serializer parses it and holds it to zod's output like every other answer (serializer.ts).
import type { Pin, PinListResponse } from '@waymarks/shared';
import { keepCompressedCopies } from '../../http/compression.js';
import { OWN_JSON, joinedJson, type WritesOwnJson } from '../../http/json-bytes.js';

/** The list answer, with the size of its body (what the pin-list cache counts). */
export type PinListAnswer = PinListResponse & WritesOwnJson & { readonly bytes: number };

/**
 * The list answer for the pins' JSON (comma-separated items, '' for none), its body written once, so that
 * an answer kept in the pin-list cache is sent again as the same bytes. `pins` is parsed only when
 * something reads it (the zod check of development and test runs).
 */
export function pinListAnswer(pinsJson: string): PinListAnswer {
  const json = joinedJson(['{"pins":[', pinsJson, ']}']);
  // Bytes, short lists too: kept in the pin-list cache and sent again as these very bytes, they are
  // compressed once per encoding (http/compression.ts).
  const body = typeof json === 'string' ? Buffer.from(json) : json;
  keepCompressedCopies(body);
  let pins: Pin[] | undefined;
  return {
    get pins() {
      pins ??= (JSON.parse(body.toString()) as PinListResponse).pins;
      return pins;
    },
    bytes: body.length,
    [OWN_JSON]: () => body,
  };
}
