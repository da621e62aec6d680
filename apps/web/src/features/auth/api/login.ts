import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginBody, SignInChallengeBody } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

/** Sent without a token; its 401 means "wrong credentials", not "session over", so it never redirects. */
export const login = (body: LoginBody) =>
  api<AuthResult>('POST', '/api/player/sessions', { body, auth: false, device: true });

/** A paused sign-in (11010): the answer's challenge and the code sent to the account's e-mail or phone. */
export const loginWithCode = (body: SignInChallengeBody) =>
  api<AuthResult>('POST', '/api/player/sessions/challenge', { body, auth: false, device: true });

export const useLogin = () => useMutation({ mutationFn: login });
