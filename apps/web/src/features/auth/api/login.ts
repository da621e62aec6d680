import { useMutation } from '@tanstack/react-query';
import type { AuthResult, LoginBody } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

/** Sent without a token; its 401 means "wrong credentials", not "session over", so it never redirects. */
export const login = (body: LoginBody) => api<AuthResult>('POST', '/api/player/sessions', { body, auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
