// What pages of the auth feature use (loaded with those pages, never in the first JS).
export { confirmEmail } from './api/account.ts';
export { refreshProfile } from './session.ts';
export { useSession } from './session-store.ts';
export { SecurityPanel } from './security-panel.tsx';
export { CloseAccount } from './close-account.tsx';
export { exclusionEnd } from './withdraw-only.ts';
export { EmailVerification } from './email-verification.tsx';
export { loginWithToken } from './api/token-login.ts';
export { completeLogin } from './session.ts';
export { PhoneVerification } from './phone-verification.tsx';
export { ProfileInfo } from './profile-info.tsx';
export { finishSocialLogin, socialBackRoute, socialErrorCode } from './social.ts';
export { noteSocialRefusal } from './social-refusal.ts';
