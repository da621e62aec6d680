import { api } from '@/shared/lib/http.ts';

/** Closes the session on the server; the token is dead afterwards. A failure must not keep anyone signed in. */
export const endServerSession = () =>
  api<{ ok: true }>('POST', '/api/player/sessions/logout', { redirectOnAuthError: false }).then(
    () => undefined,
    () => undefined,
  );
