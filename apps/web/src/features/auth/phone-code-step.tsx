import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { z } from 'zod';
import { ErrorCode, otpVerifyBodySchema, type AuthResult, type RegisterPhoneBody } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { registerByPhone, sendOtp } from './api/account.ts';
import { failureText, FormFailure } from './form-failure.tsx';
import { translateValidation } from './translate-validation.ts';

const codeSchema = otpVerifyBodySchema.pick({ code: true });

/** The form of a phone step's six-digit code; the cursor starts in it (the step replaced a form). */
export function useCodeForm() {
  const form = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  return form;
}

type Translate = (key: string) => string;

/** What every phone-number field has (sign-up, sign-in, verification, reset by phone). */
export const phoneFieldProps = (t: Translate) => ({
  label: t('auth.signUp.fields.phone'),
  type: 'tel',
  autoComplete: 'tel',
  inputMode: 'tel' as const,
  hint: t('auth.phone.hint'),
});

/** What every field of a texted six-digit code has. */
export const codeFieldProps = (t: Translate) => ({
  label: t('auth.phone.code'),
  inputMode: 'numeric' as const,
  autoComplete: 'one-time-code',
  maxLength: 6,
});

/** The server's "wrong or expired code" (11003), shown under the code field. */
export const isWrongCode = (error: unknown) => isApiError(error) && error.code === ErrorCode.wrongOtp;

/** The code field of `useCodeForm`. */
export function CodeField({ form }: { form: ReturnType<typeof useCodeForm> }) {
  const { t } = useTranslation();
  return (
    <TextField
      {...codeFieldProps(t)}
      error={translateValidation(t, form.formState.errors.code?.message)}
      {...form.register('code')}
    />
  );
}

/** Why a texted code could not be sent, in words. */
export function otpSendFailure(t: (key: string) => string, error: unknown): string {
  if (isApiError(error) && error.code === ErrorCode.otpSendLimit) return t('auth.phone.sendLimit');
  if (isApiError(error) && error.status === 0) return t('auth.errors.network');
  return t('auth.errors.generic');
}

type Props = {
  /** The registration form as filled in, without the code. */
  body: Omit<RegisterPhoneBody, 'code'>;
  onRegistered: (result: AuthResult) => Promise<void> | void;
  onBack: () => void;
};

/** Phone sign-up, second step: the six digits we texted, then the account is created. */
export function PhoneCodeStep({ body, onRegistered, onBack }: Props) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const form = useCodeForm();
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onRegistered(await registerByPhone({ ...body, code }));
    } catch (error) {
      if (isWrongCode(error)) return setError('code', { message: t('auth.phone.wrongCode') }, { shouldFocus: true });
      if (isApiError(error) && error.status === 422) return setFailure(error.message);
      setFailure(failureText(t, error));
    }
  });

  const resend = async () => {
    setFailure(null);
    try {
      await sendOtp({ phone: body.phone, reason: 'registration', locale: i18n.language });
      setResent(true);
    } catch (error) {
      setFailure(otpSendFailure(t, error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('auth.phone.codeSent', { phone: body.phone })}</p>
      <FormFailure message={failure} />
      {resent ? <output className="block text-sm text-success">{t('auth.phone.resent')}</output> : null}
      <CodeField form={form} />
      <Button type="submit" block loading={isSubmitting}>
        {t('auth.signUp.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-accent hover:underline" onClick={resend}>
          {t('auth.phone.resend')}
        </button>
        <button type="button" className="font-medium text-accent hover:underline" onClick={onBack}>
          {t('auth.phone.changeNumber')}
        </button>
      </div>
    </form>
  );
}
