/** Identity verification through a Sumsub-like provider: access tokens, its signed review webhooks. */
export { kycRoutes, kycWebhookRoutes } from './routes.ts';
export { verificationState } from './service.ts';
