import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** Where the sandbox identity provider lives. */
export const OIDC_PATH = '/sandbox/oidc';
/** The demo connections (Auth0 `connection=`): a Google-like and an Apple-like sign-in. */
export const CONNECTIONS = { 'google-oauth2': 'Google', apple: 'Apple' } as const;
export type Connection = keyof typeof CONNECTIONS;
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export const isConnection = (value: unknown): value is Connection =>
  typeof value === 'string' && Object.hasOwn(CONNECTIONS, value);

type Account = { email: string; name: string };

export type SandboxOidc = {
  provider: Provider;
  issuer: string;
  /** The public signing keys (what `/.well-known/jwks.json` serves): the casino checks ID tokens with them. */
  publicJwks: { keys: JWK[] };
  remember(accountId: string, account: Account): void;
};

/** A fresh RS256 signing key, private (the provider signs with it) and public, named by a hash of the public key. */
async function signingKeys() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = createHash('sha256')
    .update(JSON.stringify(await exportJWK(publicKey)))
    .digest('base64url')
    .slice(0, 16);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateJwk, publicJwk };
}

/** Where the casino is, its client id, and the key of the provider's cookies. */
type Options = { publicUrl: string; clientId: string; cookieSecret: string };

/** The provider's configuration: the casino as its one client, Auth0's paths and parameters, no consent page. */
function configurationOf(
  options: Options,
  privateJwk: Awaited<ReturnType<typeof signingKeys>>['privateJwk'],
  accounts: Map<string, Account>,
): Configuration {
  return {
    clients: [
      {
        client_id: options.clientId,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        redirect_uris: [`${options.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${options.publicUrl}/`],
        grant_types: ['authorization_code', 'refresh_token', TOKEN_EXCHANGE],
        response_types: ['code'],
      },
    ],
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      end_session: '/v2/logout',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
    },
    pkce: { required: () => true },
    // Auth0's own authorize parameters: which connection (Google-like, Apple-like), and its telemetry.
    extraParams: ['connection', 'auth0Client'],
    clientBasedCORS: () => true,
    cookies: { keys: [options.cookieSecret] },
    // Name and e-mail in the ID token itself, as Auth0 puts them (the casino reads the token only).
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    jwks: { keys: [privateJwk] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // No "do you want to sign out" page: the site asked, the site gets it.
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = `<!doctype html><html><body>${form}<script>document.forms[0].submit()</script></body></html>`;
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_PATH}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // The sandbox asks for no consent: signing in is the consent.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope('openid profile email offline_access');
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const text = String(out.error_description ?? out.error).replace(/[&<>"']/g, '');
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><main><h1>Sign-in did not work</h1><p>${text}</p><p><a href="/">Back to the site</a></p></main></body></html>`;
    },
  };
}

/**
 * A real OpenID Connect provider (oidc-provider) on Auth0's paths, for development and demos: PKCE
 * code flow, refresh and token exchange grants, RP-initiated logout. Its signing key is made at start
 * (one node; a real deployment points SOCIAL_* at Auth0 instead).
 */
export async function createSandboxOidc(options: Options): Promise<SandboxOidc> {
  const issuer = `${options.publicUrl}${OIDC_PATH}/`;
  const { privateJwk, publicJwk } = await signingKeys();
  const accounts = new Map<string, Account>();

  const configuration = configurationOf(options, privateJwk, accounts);
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  registerTokenExchange(provider);
  return {
    provider,
    issuer,
    publicJwks: { keys: [publicJwk] },
    remember: (accountId, account) => accounts.set(accountId, account),
  };
}

/**
 * RFC 8693 token exchange, the third grant Auth0 clients use: a valid access token of this provider
 * (`subject_token`) is traded for a fresh one for the same person and client, at most the same scopes.
 */
function registerTokenExchange(provider: Provider): void {
  provider.registerGrantType(
    TOKEN_EXCHANGE,
    async (ctx) => {
      const params = ctx.oidc.params as Record<string, string | undefined>;
      const invalid = (description: string) => {
        ctx.status = 400;
        ctx.body = { error: 'invalid_grant', error_description: description };
      };
      if (params.subject_token_type !== ACCESS_TOKEN_TYPE) return invalid('subject_token_type must be an access token');
      const subject = params.subject_token ? await provider.AccessToken.find(params.subject_token) : undefined;
      if (!subject || subject.isExpired || subject.clientId !== ctx.oidc.client!.clientId)
        return invalid('subject_token is not a valid access token of this client');
      const wanted = new Set((params.scope ?? subject.scope ?? '').split(' ').filter(Boolean));
      const allowed = new Set((subject.scope ?? '').split(' '));
      const scope = [...wanted].filter((s) => allowed.has(s)).join(' ');
      const token = new provider.AccessToken({
        accountId: subject.accountId,
        client: ctx.oidc.client!,
        grantId: subject.grantId,
        scope,
        gty: 'token_exchange',
      });
      const value = await token.save();
      ctx.body = {
        access_token: value,
        issued_token_type: ACCESS_TOKEN_TYPE,
        token_type: 'Bearer',
        expires_in: token.expiration,
        scope,
      };
    },
    ['subject_token', 'subject_token_type', 'audience', 'scope'],
  );
}
