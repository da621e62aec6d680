import { useCallback, useEffect, useState } from 'react';
import { api } from '../http.ts';

/**
 * The server's field errors of a refusal (`error.fields`, keyed by dotted path: `definition.name`),
 * one line each, under the key `rename` gives (null: keep the server's key).
 */
export function serverFields(error: unknown, rename: (key: string) => string | null = () => null) {
  const fields = (error as { body?: { error?: { fields?: Record<string, string[]> } } })?.body?.error?.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, lines]) => [rename(key) ?? key, lines.join('; ')] as const),
  ) as Record<string, string>;
}

/** The server's field errors as lines (`tasks.0.name: Required`), for a JSON editor; `prefix` is dropped. */
export const fieldLines = (error: unknown, prefix = '') =>
  Object.entries(serverFields(error)).map(
    ([key, line]) => `${key.startsWith(prefix) ? key.slice(prefix.length) || 'the whole' : key}: ${line}`,
  );

/** A GET of the admin API for a screen that is not a react-admin list: its data, its error (and status) and how to reload it. */
export function useAdminData<T>(path: string) {
  const [state, setState] = useState<{ data: T | null; error: string | null; status: number | null }>({
    data: null,
    error: null,
    status: null,
  });
  const reload = useCallback(() => {
    api<T>(path).then(
      (answer) => setState({ data: answer.data, error: null, status: answer.status }),
      (error: Error & { status?: number }) =>
        setState({ data: null, error: error.message, status: error.status ?? null }),
    );
  }, [path]);
  useEffect(reload, [reload]);
  return { ...state, reload };
}
