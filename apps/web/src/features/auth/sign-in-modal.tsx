import { navigateTo } from '@/shared/lib/navigation.ts';
import { takeReturnPath } from '@/shared/lib/return-path.ts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { z } from 'zod';
import { emailSchema, ErrorCode, loginBodySchema, phoneSchema, type AuthResult } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';
import { forgetSessionEnd, peekSessionEnd } from '@/shared/lib/session-end.ts';
import { i18n } from '@/shared/i18n';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useLogin } from './api/login.ts';
import { completeLogin } from './session.ts';
import { rememberExclusion } from './withdraw-only.ts';
import { FormFailure } from './form-failure.tsx';
import { exclusionMessage } from './exclusion-message.ts';
import { forgetSocialRefusal, peekSocialRefusal } from './social-refusal.ts';
import { applyServerFieldErrors } from './server-field-errors.ts';
import { translateValidation } from './translate-validation.ts';
import './i18n/index.ts';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { phoneFieldProps } from './phone-code-step.tsx';
import { ChannelSwitch, type Channel } from './channel-switch.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { SignInCodeStep } from './sign-in-code-step.tsx';

// The contract's own login rules, so the form rejects exactly what the server would.
const signInSchema = loginBodySchema.pick({ login: true, password: true });
/** Each tab says what is wrong with what it asks for: an e-mail address, or a phone number. */
const resolvers = {
  email: zodResolver(signInSchema.extend({ login: emailSchema })),
  phone: zodResolver(signInSchema.extend({ login: phoneSchema })),
};
type SignInInput = z.input<typeof signInSchema>;
type SignInValues = z.output<typeof signInSchema>;

/** What the player is told when the server says no: clear words, never the raw server text for known cases. */
function signInFailure(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('auth.errors.generic');
  if (error.code === ErrorCode.emailNotVerified) return t('auth.signIn.errors.emailNotVerified');
  const excluded = exclusionMessage(t, i18n.language, error);
  if (excluded) return excluded;
  if (error.code === ErrorCode.accountClosed) return t('auth.signIn.errors.closed');
  if (error.code === ErrorCode.accountBlocked || error.status === 403) return t('auth.signIn.errors.blocked');
  if (error.status === 401) return t('auth.signIn.errors.wrongCredentials');
  if (error.status === 429) return t('auth.signIn.errors.tooManyAttempts');
  if (error.status === 0) return t('auth.errors.network');
  return t('auth.errors.generic');
}

/** Why we ask: the player-only modal a guest's link named (`?sign-in=wallet`, set by the modal host). */
function signInReason(t: TFunction, value: string): string {
  if (value === 'wallet') return t('auth.signIn.forWallet');
  if (value) return t('auth.signIn.toContinue');
  return t('auth.signIn.description');
}

/** Signed in: the session starts, the modal closes, and a player-only page that sent the guest here opens again. */
async function finishSignIn(result: AuthResult, close: () => void) {
  // completeLogin marks the player at once; closing in the same tick keeps the modal host from
  // dropping this guest-only modal on its own and leaving an extra history entry.
  const loading = completeLogin(result);
  close();
  // A player-only page that sent the guest here is where they go back to.
  const back = takeReturnPath();
  if (back) navigateTo(back);
  await loading;
}

/** Why the modal opened, besides asking: a refused social sign-in's reason, or the session the server ended. */
function useSignInNotices() {
  const { t } = useTranslation();
  // Sent back here by a refused social sign-in: its reason shows as a password sign-in's would.
  const [failure, setFailure] = useState<string | null>(() => {
    const refused = peekSocialRefusal();
    return refused ? signInFailure(t, refused) : null;
  });
  // Sent here because the server ended the session: say why, once.
  const [ended] = useState(peekSessionEnd);
  useEffect(() => {
    forgetSocialRefusal();
    if (ended) forgetSessionEnd();
  }, [ended]);
  return { failure, setFailure, ended };
}

/** The login form and its tab: switching between e-mail and phone empties the form and changes its rules. */
function useChannelForm() {
  const [channel, setChannel] = useState<Channel>('email');
  // Read by the resolver at validation time; changed with the tab.
  const channelRef = useRef<Channel>('email');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput, unknown, SignInValues>({
    resolver: (values, context, options) => resolvers[channelRef.current](values, context, options),
    defaultValues: { login: '', password: '' },
  });
  const switchChannel = (next: Channel) => {
    channelRef.current = next;
    setChannel(next);
    reset({ login: '', password: '' });
  };
  return { channel, switchChannel, register, handleSubmit, setError, errors, isSubmitting };
}

type ChannelForm = ReturnType<typeof useChannelForm>;

/** The login (an e-mail address or a phone number, by tab), the password, and the way to a forgotten one. */
function CredentialFields({ form }: { form: ChannelForm }) {
  const { t } = useTranslation();
  const modal = useModal();
  const { channel, errors, register } = form;
  return (
    <>
      {channel === 'email' ? (
        <TextField
          key="email"
          label={t('auth.signIn.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={translateValidation(t, errors.login?.message)}
          {...register('login')}
        />
      ) : (
        <TextField
          key="phone"
          {...phoneFieldProps(t)}
          error={translateValidation(t, errors.login?.message)}
          {...register('login')}
        />
      )}
      <PasswordField
        label={t('auth.signIn.password')}
        autoComplete="current-password"
        error={translateValidation(t, errors.password?.message)}
        {...register('password')}
      />
      <button
        type="button"
        className="self-start text-sm font-medium text-accent hover:underline"
        onClick={() => modal.replace('sign-in', 'forgot-pass')}
      >
        {t('auth.signIn.forgot')}
      </button>
    </>
  );
}

/** A guest without an account: the way to sign up instead. */
function SignUpLink() {
  const { t } = useTranslation();
  const modal = useModal();
  return (
    <p className="text-center text-sm text-muted">
      {t('auth.signIn.noAccount')}{' '}
      <button
        type="button"
        className="font-semibold text-accent hover:underline"
        onClick={() => modal.replace('sign-in', 'sign-up')}
      >
        {t('auth.signIn.toSignUp')}
      </button>
    </p>
  );
}

/** Signing in with the form's values: the refusal it may meet, the exclusion's withdraw-only way in, the challenge. */
function useSignInAttempt(close: () => void) {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const { failure, setFailure, ended } = useSignInNotices();
  /** Refused for an exclusion: the same credentials may open a withdraw-only session. */
  const [excludedWith, setExcludedWith] = useState<SignInValues | null>(null);
  /** The account is paused after failed attempts: the challenge its code (sent if the password was right) passes. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = (result: AuthResult) => finishSignIn(result, close);

  const submit = async (values: SignInValues, setError: ChannelForm['setError']) => {
    setFailure(null);
    setExcludedWith(null);
    try {
      await signedIn(await loginMutation.mutateAsync(values));
    } catch (error) {
      if (
        isApiError(error) &&
        error.status === 422 &&
        applyServerFieldErrors(error.fields, setError, ['login', 'password'])
      )
        return;
      if (isApiError(error) && error.code === ErrorCode.signInChallenge && error.challenge)
        return setChallenge(error.challenge);
      setFailure(signInFailure(t, error));
      if (isApiError(error) && error.code === ErrorCode.accountExcluded) setExcludedWith(values);
    }
  };
  const signInWithdrawOnly = async (values: SignInValues) => {
    try {
      const result = await loginMutation.mutateAsync({ ...values, withdrawOnly: true });
      rememberExclusion(result);
      const loading = completeLogin(result);
      close();
      await loading;
    } catch (error) {
      setExcludedWith(null);
      setFailure(signInFailure(t, error));
    }
  };
  return { failure, setFailure, ended, excludedWith, challenge, setChallenge, signedIn, submit, signInWithdrawOnly };
}

export default function SignInModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const { failure, setFailure, ended, excludedWith, challenge, setChallenge, signedIn, submit, signInWithdrawOnly } =
    useSignInAttempt(close);
  const form = useChannelForm();

  // A new attempt clears the last answer's banner, also when the form itself refuses the input.
  const onSubmit = form.handleSubmit(
    (values) => submit(values, form.setError),
    () => setFailure(null),
  );

  if (challenge)
    return (
      <ModalFrame title={t('auth.signIn.title')} description={t('auth.signIn.code.title')} size="sm">
        <SignInCodeStep
          challenge={challenge}
          onSignedIn={signedIn}
          failureOf={(error) => signInFailure(t, error)}
          onBack={() => setChallenge(null)}
          onForgot={() => modal.replace('sign-in', 'forgot-pass')}
        />
      </ModalFrame>
    );

  return (
    <ModalFrame title={t('auth.signIn.title')} description={signInReason(t, value)} size="sm">
      {ended && (
        // An <output> is announced as a status: why the player has to sign in again.
        <output className="mb-4 block rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm text-fg">
          {t(`auth.signIn.ended.${ended}`)}
        </output>
      )}
      <ChannelSwitch value={form.channel} onChange={form.switchChannel} label={t('auth.channel.signInWith')} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormFailure message={failure} />
        {excludedWith && (
          <Button type="button" variant="secondary" block onClick={() => signInWithdrawOnly(excludedWith)}>
            {t('auth.withdrawOnly.signIn')}
          </Button>
        )}
        <CredentialFields form={form} />
        <Button type="submit" block loading={form.isSubmitting}>
          {t('auth.signIn.submit')}
        </Button>
        <SocialButtons />
        <SignUpLink />
      </form>
    </ModalFrame>
  );
}
