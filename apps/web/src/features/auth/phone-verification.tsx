import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { z } from 'zod';
import { otpVerifyBodySchema } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { sendOtp, verifyOtp } from './api/account.ts';
import { FormFailure } from './form-failure.tsx';
import { codeFieldProps, isWrongCode, otpSendFailure, phoneFieldProps } from './phone-code-step.tsx';
import { refreshProfile } from './session.ts';
import { useSession } from './session-store.ts';
import { VerificationCard } from '@/shared/ui/verification-card.tsx';
import { translateValidation } from './translate-validation.ts';
import './i18n/index.ts';

const schema = otpVerifyBodySchema.pick({ phone: true, code: true }).partial({ code: true });
type Input = z.input<typeof schema>;
type Values = z.output<typeof schema>;

/** The verification tab's phone block: a number confirmed by a texted code (it then signs in too). */
export function PhoneVerification() {
  const { t, i18n } = useTranslation();
  const profile = useSession((s) => s.profile);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { phone: profile?.phone ?? '' },
  });
  if (!profile) return null;
  const confirmed = profile.phoneConfirmed && profile.phone;

  const onSubmit = handleSubmit(async ({ phone, code }) => {
    setFailure(null);
    try {
      if (!codeSentTo) {
        await sendOtp({ phone, reason: 'phoneVerification', locale: i18n.language });
        return setCodeSentTo(phone);
      }
      if (!code) return setError('code', { message: t('auth.phone.wrongCode') });
      await verifyOtp({ phone: codeSentTo, code, reason: 'phoneVerification' });
      setCodeSentTo(null);
      await refreshProfile();
    } catch (error) {
      if (isWrongCode(error)) return setError('code', { message: t('auth.phone.wrongCode') }, { shouldFocus: true });
      if (isApiError(error) && error.status === 422 && error.fields.phone?.[0])
        return setError('phone', { message: error.fields.phone[0] }, { shouldFocus: true });
      setFailure(otpSendFailure(t, error));
    }
  });

  return (
    <VerificationCard title={t('auth.verification.phoneTitle')} confirmed={Boolean(confirmed)} pendingIcon="bolt">
      {confirmed ? (
        <>
          <p className="mt-1 text-fg">{profile.phone}</p>
          <p className="mt-1 text-sm text-muted">{t('auth.verification.phoneConfirmed')}</p>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-3 flex max-w-md flex-col gap-4">
          <p className="text-sm text-muted">{t('auth.verification.phoneText')}</p>
          <FormFailure message={failure} />
          <TextField
            {...phoneFieldProps(t)}
            readOnly={codeSentTo !== null}
            error={translateValidation(t, errors.phone?.message)}
            {...register('phone')}
          />
          {codeSentTo ? (
            <TextField
              {...codeFieldProps(t)}
              hint={t('auth.phone.codeSent', { phone: codeSentTo })}
              error={translateValidation(t, errors.code?.message)}
              {...register('code')}
            />
          ) : null}
          <Button type="submit" loading={isSubmitting} className="self-start">
            {codeSentTo ? t('auth.verification.phoneConfirm') : t('auth.phone.sendCode')}
          </Button>
        </form>
      )}
    </VerificationCard>
  );
}
