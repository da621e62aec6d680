import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { z } from 'zod';
import { otpSendBodySchema } from '@casino/contracts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { sendOtp, verifyOtp } from './api/account.ts';
import { failureText, FormFailure } from './form-failure.tsx';
import { CodeField, isWrongCode, otpSendFailure, phoneFieldProps, useCodeForm } from './phone-code-step.tsx';
import { translateValidation } from './translate-validation.ts';

const phoneSchema = otpSendBodySchema.pick({ phone: true });

/**
 * The forgot-password dialog's phone way: a code texted to the account's number (`changingPass`),
 * which the server trades for a reset code; the new password is then chosen in `reset-pass`.
 */
export function ForgotByPhone({ onResetCode }: { onResetCode: (code: string) => void }) {
  const [phone, setPhone] = useState<string | null>(null);
  return phone ? (
    <CodeStep phone={phone} onResetCode={onResetCode} onBack={() => setPhone(null)} />
  ) : (
    <NumberStep onSent={setPhone} />
  );
}

function NumberStep({ onSent }: { onSent: (phone: string) => void }) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof phoneSchema>, unknown, z.output<typeof phoneSchema>>({
    resolver: zodResolver(phoneSchema),
    defaultValues: { phone: '' },
  });
  const onSubmit = handleSubmit(async ({ phone }) => {
    setFailure(null);
    try {
      await sendOtp({ phone, reason: 'changingPass', locale: i18n.language });
      onSent(phone);
    } catch (error) {
      setFailure(otpSendFailure(t, error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormFailure message={failure} />
      <TextField {...phoneFieldProps(t)} error={translateValidation(t, errors.phone?.message)} {...register('phone')} />
      <Button type="submit" block loading={isSubmitting}>
        {t('auth.forgot.textCode')}
      </Button>
    </form>
  );
}

function CodeStep({
  phone,
  onResetCode,
  onBack,
}: {
  phone: string;
  onResetCode: (code: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useCodeForm();
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const result = await verifyOtp({ phone, code, reason: 'changingPass' });
      if (result.code) onResetCode(result.code);
      else setFailure(t('auth.errors.generic'));
    } catch (error) {
      if (isWrongCode(error)) return setError('code', { message: t('auth.phone.wrongCode') }, { shouldFocus: true });
      setFailure(failureText(t, error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {/* Said the same whether the number has an account: nobody learns who plays here. */}
      <p className="text-sm text-muted">{t('auth.forgot.codeSent', { phone })}</p>
      <FormFailure message={failure} />
      <CodeField form={form} />
      <Button type="submit" block loading={isSubmitting}>
        {t('auth.forgot.checkCode')}
      </Button>
      <button type="button" className="self-start text-sm font-medium text-accent hover:underline" onClick={onBack}>
        {t('auth.phone.changeNumber')}
      </button>
    </form>
  );
}
