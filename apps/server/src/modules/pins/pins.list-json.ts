// The answer of GET /api/pins (the list, and the timeline) as the database wrote it
// (PinsRepository.listJson). The generic path built a Pin per row, walked the list again to cut it to the
// contract (http/contract-projection.ts) and stringified it; here the database writes exactly the contract's
// fields, so there is nothing to cut, and the serializer sends the text as it is. In development and test
// runs the serializer parses it and holds it to zod's output like every other answer (serializer.ts).
import type { Pin, PinListResponse } from '@waymarks/shared';
import { OWN_JSON, joinedJson, type WritesOwnJson } from '../../http/json-bytes.js';

/**
 * The list answer for the pins' JSON (comma-separated items, '' for none). `pins` is parsed only when
 * something reads it (the zod check of development and test runs).
 */
export function pinListAnswer(pinsJson: string): PinListResponse & WritesOwnJson {
  let pins: Pin[] | undefined;
  return {
    get pins() {
      pins ??= JSON.parse(`[${pinsJson}]`) as Pin[];
      return pins;
    },
    [OWN_JSON]: () => joinedJson(['{"pins":[', pinsJson, ']}']),
  };
}
