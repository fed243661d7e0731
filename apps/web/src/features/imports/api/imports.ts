// The Imports calls (issue 26) as TanStack Query hooks: an import's summary, polled about once a second
// while it is read or saved; its preview once ready; the profile's history; the commit; and the delete
// that cancels an import not saved yet or undoes a saved one. Saving or undoing reloads everything that
// shows the traveller's places, so the dashboard follows at once.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ImportStatus, ImportSummary } from '@waymarks/shared';
import { useApi } from '../../../app/auth/useApi';
import { avatarKeys } from '../../avatar';
import { leaderboardKeys } from '../../leaderboard';
import { refreshPinFigures } from '../../pins';
import { profileKeys } from '../../profile';

export const importKeys = {
  all: ['imports'] as const,
  list: ['imports', 'list'] as const,
  one: (importId: string) => ['imports', 'one', importId] as const,
  preview: (importId: string) => ['imports', 'preview', importId] as const,
};

/** How often an import being read or saved is asked about. */
export const IMPORT_POLL_MS = 1000;

/** The statuses a job moves on by itself ('uploading' waits for the browser, so it is not polled). */
const MOVING: readonly ImportStatus[] = ['reading', 'committing'];

export const isMoving = (summary: ImportSummary | undefined) =>
  summary !== undefined && MOVING.includes(summary.status);

/** Not saved nor failed yet: the import under way, or read and waiting for the traveller's choice. */
const WAITING: readonly ImportStatus[] = ['uploading', 'reading', 'ready', 'committing'];

export const isWaiting = (summary: ImportSummary) => WAITING.includes(summary.status);

export function useImportSummary(importId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.one(importId ?? ''),
    queryFn: ({ signal }) => api('getImport', { params: { importId: importId ?? '' }, signal }),
    enabled: importId !== null,
    staleTime: 0,
    refetchInterval: (query) => (isMoving(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

export function useImportPreview(importId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.preview(importId),
    queryFn: ({ signal }) => api('importPreview', { params: { importId }, signal }),
    enabled,
    staleTime: Infinity,
  });
}

export function useImportList() {
  const api = useApi();
  return useQuery({
    queryKey: importKeys.list,
    queryFn: async ({ signal }) => (await api('listImports', { signal })).imports,
    // A listed import still being read or saved is followed until it is not.
    refetchInterval: (query) =>
      query.state.data?.some((each) => isMoving(each)) ? IMPORT_POLL_MS * 2 : false,
  });
}

/**
 * Everything a saved or undone import changes: the pins (the map and the timeline), the country figures
 * (the stats bar), the profile's counts, the avatar's progress and unlocks, the leaderboard, the imports.
 */
export function refreshAfterImport(queryClient: QueryClient) {
  return Promise.all([
    refreshPinFigures(queryClient),
    queryClient.invalidateQueries({ queryKey: profileKeys.profile }),
    queryClient.invalidateQueries({ queryKey: avatarKeys.progress }),
    queryClient.invalidateQueries({ queryKey: avatarKeys.items }),
    queryClient.invalidateQueries({ queryKey: leaderboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: importKeys.list }),
  ]);
}

/** Saves the chosen places; the answer ('committing') starts the polling that waits for 'done'. */
export function useCommitImport(importId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (placeKeys: string[]) => api('commitImport', { params: { importId }, body: { placeKeys } }),
    onSuccess: (summary) => queryClient.setQueryData(importKeys.one(importId), summary),
  });
}

/** Cancels an import not saved yet, or undoes a saved one (keeping or deleting its pins with photos). */
export function useDeleteImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, photos = 'keep' }: { importId: string; photos?: 'keep' | 'delete' }) =>
      api('deleteImport', { params: { importId }, query: { photos } }),
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: importKeys.one(answer.importId) });
      queryClient.removeQueries({ queryKey: importKeys.preview(answer.importId) });
      if (answer.outcome === 'undone') return refreshAfterImport(queryClient);
      return queryClient.invalidateQueries({ queryKey: importKeys.list });
    },
  });
}
