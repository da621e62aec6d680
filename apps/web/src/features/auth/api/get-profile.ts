import type { Profile } from '@casino/contracts';
import { api, type ApiOptions } from '@/shared/lib/http.ts';

/** The session store holds the profile; this is the boot-time fetch that restores it. */
export const fetchProfile = (options: Pick<ApiOptions, 'redirectOnAuthError'> = {}) =>
  api<Profile>('GET', '/api/player/profile', options);
