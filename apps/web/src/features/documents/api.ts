import { useMutation, useQuery } from '@tanstack/react-query';
import { Channel, documentUpdatedSchema, type PlayerDocument } from '@casino/contracts';
import { api, ApiError, getAccessToken } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { useSubscription } from '@/shared/lib/use-subscription.ts';

export const documentsQueryKey = ['player', 'documents'] as const;

export const useDocuments = () =>
  useQuery({
    queryKey: documentsQueryKey,
    queryFn: ({ signal }) => api<PlayerDocument[]>('GET', '/api/player/documents', { signal }),
  });

/** A review's outcome arrives on `player:documents#<id>` while the page is open; the list follows it. */
export function useDocumentUpdates(playerId: string | undefined) {
  useSubscription(playerId ?? null, () =>
    subscribeChannel(Channel.playerDocuments(playerId!), {
      onPublication: (data) => {
        const parsed = documentUpdatedSchema.safeParse(data);
        if (!parsed.success) return;
        const next = parsed.data.document;
        queryClient.setQueryData<PlayerDocument[]>(documentsQueryKey, (list) =>
          list?.map((d) => (d.id === next.id ? next : d)),
        );
      },
    }),
  );
}

/**
 * Uploads with XMLHttpRequest, whose upload events give a progress bar (fetch has none). `type`
 * goes first: the server reads the fields before the file.
 */
export async function uploadDocument(
  type: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<PlayerDocument> {
  const token = await getAccessToken();
  const form = new FormData();
  form.append('type', type);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/player/documents');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 0, 'Network error')));
    xhr.addEventListener('load', () => {
      let body: {
        data?: PlayerDocument;
        error?: { code: number; message: string; fields?: Record<string, string[]> };
      } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      if (xhr.status === 200 && body.data) return resolve(body.data);
      reject(
        new ApiError(xhr.status, body.error?.code ?? xhr.status, body.error?.message ?? '', body.error?.fields ?? {}),
      );
    });
    xhr.send(form);
  });
}

export const useRemoveDocument = () =>
  useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('DELETE', `/api/player/documents/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
  });
