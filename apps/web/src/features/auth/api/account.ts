import { useMutation } from '@tanstack/react-query';
import type {
  AuthResult,
  OtpSendBody,
  OtpVerifyBody,
  PasswordChangeBody,
  PasswordConfirmBody,
  RegisterPhoneBody,
} from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

type Ok = { ok: true };

/** Guests: a 4xx here is about the form, never about a session. */
export const useRequestReset = () =>
  useMutation({
    mutationFn: (email: string) => api<Ok>('POST', '/api/player/passwords/reset', { body: { email }, auth: false }),
  });

export const useConfirmReset = () =>
  useMutation({
    mutationFn: (body: PasswordConfirmBody) => api<Ok>('POST', '/api/player/passwords/confirm', { body, auth: false }),
  });

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: PasswordChangeBody) => api<Ok>('PUT', '/api/player/passwords', { body }) });

export const useResendConfirmation = () =>
  useMutation({ mutationFn: () => api<Ok>('POST', '/api/player/profile/confirmations/email/resend') });

/** The `/verify/{code}` page: works signed in or not (the code is the proof). */
export const confirmEmail = (code: string) =>
  api<{ status: 'confirmed' }>('POST', '/api/player/profile/confirmations/email', {
    body: { code },
    auth: false,
  });

/** `POST /api/player/otp/send`: a texted code; guests (registration, changingPass) need no token. */
export const sendOtp = (body: OtpSendBody) =>
  api<Ok>('POST', '/api/player/otp/send', { body, auth: body.reason === 'phoneVerification' });

export const registerByPhone = (body: RegisterPhoneBody) =>
  api<AuthResult>('POST', '/api/player/register/phone', { body, auth: false, device: true });

export const verifyOtp = (body: OtpVerifyBody) =>
  api<{ code?: string }>('POST', '/api/player/otp/verify', { body, auth: body.reason === 'phoneVerification' });
