/** Identity verification through a Sumsub-like provider: access tokens, its signed review webhooks. */
export { kycModule } from './manifest.ts';
export { verificationState } from './service.ts';
