import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegisterBody } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

export const register = (body: RegisterBody) =>
  api<AuthResult>('POST', '/api/player/register', { body, auth: false, device: true });

export const useRegister = () => useMutation({ mutationFn: register });
