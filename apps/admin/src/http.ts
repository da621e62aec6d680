import { HttpError } from 'react-admin';

/** The session's CSRF token: answered by sign-in, enrolment and /auth/me, held in memory only. */
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

export type Answer<T> = { status: number; data: T };

/**
 * A call of the admin API with the session cookie (same origin) and, on writes, the CSRF token.
 * A refusal becomes react-admin's HttpError, carrying the server's message (shown as it is).
 */
export async function api<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<Answer<T>> {
  const method = init.method ?? 'GET';
  const response = await fetch(`/api/admin${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' && csrfToken ? { 'x-csrf-token': csrfToken } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const json = (await response.json().catch(() => null)) as {
    data?: T;
    error?: { message: string; code: number };
  } | null;
  if (!response.ok) throw new HttpError(json?.error?.message ?? response.statusText, response.status, json);
  return { status: response.status, data: json?.data as T };
}

/** An operator command through the admin API: 200 with its answer, or 202 when it waits for a second approver. */
export const command = <T>(route: string, body: unknown) => api<T>(`/commands/${route}`, { method: 'POST', body });
