import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { z } from 'zod';
import { passwordChangeBodySchema } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useChangePassword } from './api/account.ts';
import { failureText, FormFailure } from './form-failure.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { applyServerFieldErrors } from './server-field-errors.ts';
import { translateValidation } from './translate-validation.ts';
import './i18n/index.ts';

type ChangeInput = z.input<typeof passwordChangeBodySchema>;
type ChangeValues = z.output<typeof passwordChangeBodySchema>;
const EMPTY = { currentPassword: '', newPassword: '', repeatNewPassword: '' };

/** The security tab: change the password; this device stays signed in, every other one is signed out. */
export function SecurityPanel() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeInput, unknown, ChangeValues>({
    resolver: zodResolver(passwordChangeBodySchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      toast({ type: 'success', title: t('auth.security.changed'), description: t('auth.security.changedText') });
    } catch (error) {
      if (
        isApiError(error) &&
        error.status === 422 &&
        applyServerFieldErrors(error.fields, setError, ['currentPassword', 'newPassword', 'repeatNewPassword'])
      )
        return;
      setFailure(failureText(t, error));
    }
  });

  return (
    <div className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <h3 className="text-lg font-semibold text-fg">{t('auth.security.passwordTitle')}</h3>
      <p className="mt-1 text-sm text-muted">{t('auth.security.passwordText')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 flex max-w-md flex-col gap-4">
        <FormFailure message={failure} />
        <PasswordField
          label={t('auth.password.current')}
          autoComplete="current-password"
          error={translateValidation(t, errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <NewPasswordFields register={register} errors={errors} />
        <Button type="submit" loading={isSubmitting} className="self-start">
          {t('auth.security.submit')}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted">
        {t('auth.security.devices')}{' '}
        <LocaleLink to="/profile/history?tab=sessions" className="font-medium text-accent hover:underline">
          {t('auth.security.devicesLink')}
        </LocaleLink>
      </p>
    </div>
  );
}
