import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { PASSWORD_MIN_LENGTH } from '@casino/contracts';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { translateValidation } from './translate-validation.ts';

type NewPasswordValues = { newPassword: string; repeatNewPassword: string };

/** The new password typed twice: the same two fields in the reset modal and the security tab. */
export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const { t } = useTranslation();
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const err = errors as FieldErrors<NewPasswordValues>;
  return (
    <>
      <PasswordField
        label={t('auth.password.new')}
        autoComplete="new-password"
        hint={t('auth.signUp.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={translateValidation(t, err.newPassword?.message)}
        {...reg('newPassword')}
      />
      <PasswordField
        label={t('auth.password.repeat')}
        autoComplete="new-password"
        error={translateValidation(t, err.repeatNewPassword?.message)}
        {...reg('repeatNewPassword')}
      />
    </>
  );
}
