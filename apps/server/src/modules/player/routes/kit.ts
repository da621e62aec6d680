import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorCode, okSchema, type Profile } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import { overBudget } from '../../../lib/attempts.ts';
import { DomainError, tooManyRequests } from '../../../lib/errors.ts';
import { countryOf } from '../../../lib/geo.ts';
import { createReadCache, noReadCache, type ReadCache } from '../../../lib/read-cache.ts';
import { PHONE_TAKEN } from '../phone.ts';
import type { ClientInfo, IdentityOptions } from '../service.ts';
import { SESSION_STATE_FRESH_MS } from '../session-states.ts';
import { createSignInGuard, type SignInGuard } from '../../../lib/sign-in-guard.ts';
import { deviceCookie, deviceTokenOf, newDeviceToken } from '../trusted-devices.ts';

/** The player plugin's instance: each route file adds its routes to it. */
export type PlayerApp = Parameters<FastifyPluginAsyncZod>[0];

export const bearer = [{ bearer: [] }];
export const ok = { data: { ok: true as const } };
export const okResponse = { 200: dataEnvelope(okSchema) };

/**
 * "Already registered" answers (of an e-mail address or a number) one network address gets: they tell
 * who plays here. Each sign-up holds a unit while it runs and keeps it only for that answer, so a
 * burst gets no more of them than a series, and a shared network can still sign many players up.
 */
export const REGISTRATION_PROBES = { max: 10, windowSec: 10 * 60 } as const;
const saysTaken = (error: unknown) =>
  error instanceof DomainError && (error.code === ErrorCode.emailTaken || error.fields?.phone?.[0] === PHONE_TAKEN);

/** `SIGN_UP_PER_ADDRESS` counts new accounts per address in this window. */
export const SIGN_UP_WINDOW_SEC = 3600;

/** What the player's route files share: one of each per plugin instance. */
export type PlayerRouteKit = {
  /** The profile every page asks for, kept a moment on the embedded database. */
  profiles: ReadCache<Profile>;
  guard: SignInGuard;
  identity: IdentityOptions;
  /** Sessions a password change or reset ended: their live connections close at once. */
  forgetAll(sessionIds: string[]): void;
  /** A per-key budget on top of the per-address rate limit (a reset mail per address, say). */
  spend(key: string, max: number, windowSec: number, message: string): Promise<void>;
  /** A sign-up on one unit of the address's budget of "already registered" answers (see REGISTRATION_PROBES). */
  probing<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T>;
  /**
   * Work an answer must not wait for, since its length would tell something: started once the answer
   * is out (the embedded database runs on this thread) and done before the app closes.
   */
  later(request: FastifyRequest, what: string, work: () => Promise<void>): void;
  /** Who asks: the address, country, user agent, and the browser's device token (its cookie, or a new one). */
  client(request: FastifyRequest, fingerprint?: string): ClientInfo;
  /** A session opened: the browser keeps its device token (the cookie is set, or its life renewed). */
  keepDevice(reply: FastifyReply, client: ClientInfo): void;
  /** Sign-ups from one network address: `SIGN_UP_PER_ADDRESS` an hour; each holds a unit, kept if it made an account. */
  admitting<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T>;
};

export function createPlayerRouteKit(app: PlayerApp, ctx: AppContext): PlayerRouteKit {
  // The embedded database runs queries on this process's thread: the profile every page asks for is
  // kept a second (as long as a session state is; nothing changes a profile yet but registration).
  const profiles: ReadCache<Profile> =
    ctx.database.kind === 'pglite' ? createReadCache({ maxAgeMs: SESSION_STATE_FRESH_MS }) : noReadCache();
  const guard = createSignInGuard(ctx.attempts);
  const spend = async (key: string, max: number, windowSec: number, message: string) => {
    const wait = await overBudget(ctx.attempts, key, { max, windowSec });
    if (wait) throw tooManyRequests(message, wait);
  };
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });
  return {
    profiles,
    guard,
    identity: {
      publicUrl: ctx.config.publicUrl,
      requireEmailConfirmation: ctx.config.requireEmailConfirmation,
      guard,
      attempts: ctx.attempts,
    },
    forgetAll: (sessionIds) => sessionIds.forEach((id) => ctx.sessions.forget(id)),
    spend,
    async probing(request, work) {
      const key = `register-probe:${request.ip}`;
      const { max, windowSec } = REGISTRATION_PROBES;
      await spend(key, max, windowSec, 'Too many sign-up attempts from your network. Try again later.');
      let taken = false;
      try {
        return await work();
      } catch (error) {
        taken = saysTaken(error);
        throw error;
      } finally {
        if (!taken) await ctx.attempts.release(key);
      }
    },
    later(request, what, work) {
      const running: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => request.log.error({ err }, `${what} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    client: (request, fingerprint) => ({
      ip: request.ip,
      country: countryOf(request, ctx.config),
      userAgent: request.headers['user-agent'] ?? null,
      fingerprint: fingerprint ?? null,
      deviceToken: deviceTokenOf(request.headers.cookie) ?? newDeviceToken(),
    }),
    keepDevice(reply, client) {
      if (!client.deviceToken) return;
      const secure = ctx.config.production || ctx.config.publicUrl.startsWith('https:');
      void reply.header('set-cookie', deviceCookie(client.deviceToken, secure));
    },
    async admitting(request, work) {
      const { max, windowSec } = { max: ctx.config.signUpPerAddress, windowSec: SIGN_UP_WINDOW_SEC };
      if (max === 0) return work();
      const key = `sign-up:${request.ip}`;
      await spend(key, max, windowSec, 'Too many new accounts from your network. Try again later.');
      let made = false;
      try {
        const result = await work();
        made = true;
        return result;
      } finally {
        if (!made) await ctx.attempts.release(key);
      }
    },
  };
}
