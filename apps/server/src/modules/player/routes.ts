import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { ClosurePorts } from './closure.ts';
import type { InstrumentOwners } from './admin.ts';
import { reportExcludedSignIns, type ExcludedSignInPort } from './excluded-sign-in.ts';
import { closureRoutes } from './routes/closure.ts';
import { confirmationRoutes } from './routes/confirmations.ts';
import { createPlayerRouteKit } from './routes/kit.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { phoneCodeRoutes } from './routes/phone-codes.ts';
import { profileRoutes } from './routes/profile.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { signInRoutes } from './routes/sign-in.ts';
import { signUpRoutes, type SignUpBonusCode } from './routes/sign-up.ts';
import { siteRoutes } from './routes/site.ts';
import type { IdTokenCheck } from './social.ts';

export { REGISTRATION_PROBES } from './routes/kit.ts';

/** What the player routes need from outside the module: social sign-in, a sign-up code, closure checks. */
export type PlayerRouteOptions = {
  idTokens: IdTokenCheck | null;
  bonusCodeAtSignUp?: SignUpBonusCode;
  closure: ClosurePorts;
  /** Who used a payment instrument staff typed, an IBAN or a card fingerprint (the links module). */
  instrumentOwners?: InstrumentOwners;
  /** Told of each sign-in refused for an exclusion (the alerts module). */
  excludedSignIn?: ExcludedSignInPort;
};

/**
 * `/api/player`: one plugin whose routes are written by concern in routes/, sharing one kit (the
 * profile cache, the sign-in guard, the work done after an answer).
 */
export const playerRoutes =
  (ctx: AppContext, options: PlayerRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const kit = createPlayerRouteKit(app, ctx);
    reportExcludedSignIns(app, options.excludedSignIn);
    siteRoutes(app, ctx);
    signUpRoutes(app, ctx, kit, options.bonusCodeAtSignUp);
    phoneCodeRoutes(app, ctx, kit);
    signInRoutes(app, ctx, kit, options.idTokens);
    sessionRoutes(app, ctx);
    passwordRoutes(app, ctx, kit);
    closureRoutes(app, ctx, kit, options.closure);
    confirmationRoutes(app, ctx, kit);
    profileRoutes(app, ctx, kit);
  };
