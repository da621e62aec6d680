import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { z } from 'zod';
import { passwordConfirmBodySchema } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useConfirmReset } from './api/account.ts';
import { failureText, FormFailure } from './form-failure.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { applyServerFieldErrors } from './server-field-errors.ts';
import './i18n/index.ts';

type ResetInput = z.input<typeof passwordConfirmBodySchema>;
type ResetValues = z.output<typeof passwordConfirmBodySchema>;

/**
 * `?reset-pass=<code>`, opened from the reset mail's link: a new password, typed twice. Every session
 * of the account ends on the server; the player then signs in with the new password.
 */
export default function ResetPassModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const confirm = useConfirmReset();
  const [failure, setFailure] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(value === '');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, ResetValues>({
    resolver: zodResolver(passwordConfirmBodySchema),
    defaultValues: { code: value, newPassword: '', repeatNewPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await confirm.mutateAsync(values);
      toast({ type: 'success', title: t('auth.reset.done'), description: t('auth.reset.doneText') });
      modal.replace('reset-pass', 'sign-in');
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        if (error.fields.code) return setLinkDead(true);
        if (applyServerFieldErrors(error.fields, setError, ['newPassword', 'repeatNewPassword'])) return;
      }
      setFailure(failureText(t, error));
    }
  });

  return (
    <ModalFrame title={t('auth.reset.title')} description={t('auth.reset.description')} size="sm">
      {linkDead ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
            {t('auth.reset.linkDead')}
          </p>
          <Button block onClick={() => modal.replace('reset-pass', 'forgot-pass')}>
            {t('auth.reset.newLink')}
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormFailure message={failure} />
          {/* The username field lets password managers file the new password under the right account. */}
          <input type="hidden" autoComplete="username" {...register('code')} />
          <NewPasswordFields register={register} errors={errors} />
          <Button type="submit" block loading={isSubmitting}>
            {t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </ModalFrame>
  );
}
