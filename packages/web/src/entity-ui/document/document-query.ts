import { QueryClient, useQuery } from '@tanstack/react-query';
import { getEntity } from '@portal/model';
import { retrieveRecord, type RecordRow } from '../../api/records.ts';
import { useSession } from '../../session/store.ts';

/**
 * The query cache of the document pages (TanStack Query, docs/decisions.md): one client for the
 * app, so a document read on one screen is not read twice, and a command invalidates everything
 * kept under its document's key (header, lines, the form's reload).
 */
export const documentQueries = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 } },
});

/** Everything cached about one document starts with this key. */
export const documentKey = (entity: string, id: string | undefined) => ['document', entity, id ?? ''] as const;

/** The document's record (formatted values too), per signed-in user (another user never sees the first one's copy); none while it is being created. */
export function useDocumentRecord(entity: string, id: string | undefined) {
  const e = getEntity(entity)!;
  const userId = useSession((s) => s.user.userId);
  return useQuery<RecordRow>({
    queryKey: [...documentKey(entity, id), 'record', userId],
    queryFn: () => retrieveRecord(e.entitySet, id!, undefined, { silent: true }),
    enabled: !!id,
  });
}
