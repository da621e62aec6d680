import type { Auth0Client } from '@auth0/auth0-spa-js';
import type { AuthResult, PlayerInit, SocialLoginBody } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

type Social = NonNullable<PlayerInit['social']>;
export type SocialState = { backRoute: string };

let client: Promise<Auth0Client> | null = null;

/** The Auth0 SPA client (its own chunk, ~60 KB gzip), made on first use: PKCE, state and nonce are its job. */
function auth0(social: Social): Promise<Auth0Client> {
  client ??= import('@auth0/auth0-spa-js').then(
    ({ Auth0Client }) =>
      new Auth0Client({
        domain: social.domain,
        clientId: social.clientId,
        authorizationParams: { redirect_uri: `${window.location.origin}/auth/callback`, scope: 'openid profile email' },
        // Spec point 9: token call 10 s, popup 60 s. Nothing is kept between visits: our session is ours.
        httpTimeoutInSeconds: 10,
        authorizeTimeoutInSeconds: 60,
        cacheLocation: 'memory',
        useRefreshTokens: false,
      }),
  );
  return client;
}

/** Off to the provider's sign-in page; it comes back to `/auth/callback`. */
export async function startSocialLogin(social: Social, connection: string, backRoute: string): Promise<void> {
  const c = await auth0(social);
  await c.loginWithRedirect<SocialState>({ authorizationParams: { connection }, appState: { backRoute } });
}

/**
 * `/auth/callback`: trades the code for tokens (PKCE; the library checks state and nonce) and hands the
 * ID token to our server, which checks it again and opens the session.
 */
export async function finishSocialLogin(
  social: Social,
  body: Omit<SocialLoginBody, 'idToken' | 'provider'>,
): Promise<{ result: AuthResult; state: SocialState | undefined }> {
  const c = await auth0(social);
  const { appState } = await c.handleRedirectCallback<SocialState>();
  // The library names the token as it came `__raw`.
  const idToken = (await c.getIdTokenClaims())?.['__raw'] as string | undefined;
  if (!idToken) throw Object.assign(new Error('No ID token'), { error: 'missing_transaction' });
  try {
    const result = await api<AuthResult>('POST', '/api/player/sessions/social', {
      body: { provider: 'auth0', idToken, ...body },
      auth: false,
      device: true,
      redirectOnAuthError: false,
    });
    return { result, state: appState };
  } catch (error) {
    // The callback page has no locale of its own: the refusal is told in the one the player came from.
    throw Object.assign(error as object, { backRoute: appState?.backRoute });
  }
}

/** Where a refused social sign-in had started (its locale is the player's), if known. */
export const socialBackRoute = (error: unknown): string | undefined => {
  const back = (error as { backRoute?: unknown } | null)?.backRoute;
  return typeof back === 'string' ? back : undefined;
};

/** The Auth0 client's error codes (spec point 8), for words the player reads. */
export const SOCIAL_ERROR_CODES = [
  'missing_transaction',
  'state_mismatch',
  'timeout',
  'cancelled',
  'mfa_required',
  'missing_refresh_token',
  'login_required',
] as const;
export const socialErrorCode = (error: unknown): string | null => {
  const code = (error as { error?: unknown } | null)?.error;
  return typeof code === 'string' && (SOCIAL_ERROR_CODES as readonly string[]).includes(code) ? code : null;
};
