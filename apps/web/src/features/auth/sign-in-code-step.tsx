import { useState } from 'react';
import type { AuthResult } from '@casino/contracts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { loginWithCode } from './api/login.ts';
import { FormFailure } from './form-failure.tsx';
import { codeFieldProps, isWrongCode, useCodeForm } from './phone-code-step.tsx';
import { translateValidation } from './translate-validation.ts';

type Props = {
  /** The paused sign-in's challenge (error 11010). */
  challenge: string;
  onSignedIn: (result: AuthResult) => Promise<void> | void;
  /** Words for a refusal other than a wrong code (an exclusion, a blocked account). */
  failureOf: (error: unknown) => string;
  onBack: () => void;
  onForgot: () => void;
};

/**
 * Sign-in, second step while the account is paused after failed attempts: the six digits the account's
 * owner was sent (only a right password sends them). The cursor starts in the code field.
 */
export function SignInCodeStep({ challenge, onSignedIn, failureOf, onBack, onForgot }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useCodeForm();
  const {
    handleSubmit,
    setError,
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await onSignedIn(await loginWithCode({ challenge, code }));
    } catch (error) {
      if (isWrongCode(error)) return setError('code', { message: t('auth.signIn.code.wrong') }, { shouldFocus: true });
      setFailure(failureOf(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('auth.signIn.code.title')}>
      <p className="text-sm text-muted">{t('auth.signIn.code.text')}</p>
      <FormFailure message={failure} />
      <TextField
        {...codeFieldProps(t)}
        label={t('auth.signIn.code.label')}
        error={translateValidation(t, errors.code?.message)}
        {...register('code')}
      />
      <Button type="submit" block loading={isSubmitting}>
        {t('auth.signIn.submit')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-accent hover:underline" onClick={onBack}>
          {t('auth.signIn.code.back')}
        </button>
        <button type="button" className="font-medium text-accent hover:underline" onClick={onForgot}>
          {t('auth.signIn.forgot')}
        </button>
      </div>
    </form>
  );
}
