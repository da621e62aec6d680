import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { z } from 'zod';
import { passwordResetBodySchema } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';
import { ModalFrame, useModal } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useRequestReset } from './api/account.ts';
import { ChannelSwitch, type Channel } from './channel-switch.tsx';
import { ForgotByPhone } from './forgot-by-phone.tsx';
import { failureText, FormFailure } from './form-failure.tsx';
import { translateValidation } from './translate-validation.ts';
import './i18n/index.ts';

type ForgotInput = z.input<typeof passwordResetBodySchema>;
type ForgotValues = z.output<typeof passwordResetBodySchema>;

/**
 * `?forgot-pass`: asks for the address and mails a reset link, or texts a code to the account's
 * number. Says the same whether the address or number is known.
 */
export default function ForgotPassModal() {
  const { t } = useTranslation();
  const modal = useModal();
  const request = useRequestReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [channel, setChannel] = useState<Channel>('email');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotInput, unknown, ForgotValues>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      setFailure(isApiError(error) && error.status === 429 ? t('auth.forgot.tooMany') : failureText(t, error));
    }
  });

  return (
    <ModalFrame title={t('auth.forgot.title')} description={t('auth.forgot.description')} size="sm">
      {sentTo ? (
        <div className="flex flex-col gap-4">
          <output className="block rounded-xl border border-success/40 bg-success/10 p-3 text-sm text-fg">
            {t('auth.forgot.sent', { email: sentTo })}
          </output>
          <Button block onClick={() => modal.replace('forgot-pass', 'sign-in')}>
            {t('auth.forgot.backToSignIn')}
          </Button>
        </div>
      ) : (
        <>
          <ChannelSwitch value={channel} onChange={setChannel} label={t('auth.forgot.resetWith')} />
          {channel === 'phone' ? (
            <ForgotByPhone onResetCode={(code) => modal.replace('forgot-pass', 'reset-pass', code)} />
          ) : (
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <FormFailure message={failure} />
              <TextField
                label={t('auth.signIn.email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                error={translateValidation(t, errors.email?.message)}
                {...register('email')}
              />
              <Button type="submit" block loading={isSubmitting}>
                {t('auth.forgot.submit')}
              </Button>
              <button
                type="button"
                className="self-center text-sm font-medium text-accent hover:underline"
                onClick={() => modal.replace('forgot-pass', 'sign-in')}
              >
                {t('auth.forgot.backToSignIn')}
              </button>
            </form>
          )}
        </>
      )}
    </ModalFrame>
  );
}
