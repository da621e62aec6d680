import type { AuthResult, TokenLoginBody } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

/** An autologin link's one-time token; its 401 means "link spent", never "session over". */
export const loginWithToken = (body: TokenLoginBody) =>
  api<AuthResult>('POST', '/api/player/sessions/token', {
    body,
    auth: false,
    device: true,
    redirectOnAuthError: false,
  });
