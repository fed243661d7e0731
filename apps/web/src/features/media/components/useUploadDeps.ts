// What an upload run needs of the browser and the server (UploadDeps of upload-flow.ts), for the upload
// panel and the Unplaced tray alike, and what to reload once files went up.
import { useQueryClient } from '@tanstack/react-query';
import type { Pin } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { newIdempotencyKey } from '../../../lib/api';
import { refreshPinFigures } from '../../pins';
import { placeFromReverse, placeWhenLookupFails, usePlaceLookups } from '../../places';
import { mediaKeys } from '../api/media';
import { uploadOneFile } from '../api/upload';
import { contentHashOf } from '../content-hash';
import { readFileMetadata } from '../read-metadata';
import type { UploadDeps } from '../upload-flow';

export function useUploadDeps(existingPins: readonly Pin[]): {
  deps: UploadDeps;
  /** The pins, the figures and the galleries, after a run. */
  refresh: () => Promise<void>;
} {
  const api = useApi();
  const queryClient = useQueryClient();
  const { reverse } = usePlaceLookups();
  return {
    deps: {
      readMetadata: readFileMetadata,
      // A group's place is named like a clicked point: town, else region, else country (SPEC.md §8 fallback).
      placeAt: (lat, lng) =>
        reverse(lat, lng).then(
          (found) => placeFromReverse(lat, lng, found),
          () => placeWhenLookupFails(lat, lng),
        ),
      // One key per pin a group asks for, kept by every try of that request (a refreshed session's).
      createPin: async (body) => (await api('createPin', { body, idempotencyKey: newIdempotencyKey() })).pin,
      deletePin: (pinId) => api('deletePin', { params: { pinId } }),
      contentHash: contentHashOf,
      uploadFile: (pinId, file, meta, hash) => uploadOneFile(api, pinId, file, meta, hash),
      existingPins,
    },
    refresh: async () => {
      await Promise.all([
        refreshPinFigures(queryClient),
        queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
      ]);
    },
  };
}
