import type { AuthProvider } from 'react-admin';
import type { StaffSession } from '@casino/contracts';
import { roleMay } from './access.ts';
import { api, setCsrfToken } from './http.ts';

let session: StaffSession | null = null;

/** Keeps who is signed in and their CSRF token (memory only: the cookie is httpOnly). */
export function setSession(next: StaffSession | null) {
  session = next;
  setCsrfToken(next?.csrfToken ?? null);
}

async function currentSession(): Promise<StaffSession> {
  if (!session) setSession((await api<StaffSession>('/auth/me')).data);
  return session!;
}

export const authProvider: AuthProvider = {
  async login({ email, password, code }: { email: string; password: string; code?: string }) {
    const { data } = await api<StaffSession>('/auth/sign-in', {
      method: 'POST',
      body: { email, password, ...(code ? { code } : {}) },
    });
    setSession(data);
  },
  async logout() {
    if (session) await api('/auth/sign-out', { method: 'POST' }).catch(() => {});
    setSession(null);
  },
  async checkAuth() {
    await currentSession();
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      setSession(null);
      throw error;
    }
  },
  async getIdentity() {
    const { staff } = await currentSession();
    return { id: staff.id, fullName: `${staff.email} · ${staff.role}` };
  },
  async getPermissions() {
    return (await currentSession()).staff.role;
  },
  async canAccess({ action, resource }) {
    const current = await currentSession().catch(() => null);
    return roleMay(current?.staff.role, action, resource);
  },
};
