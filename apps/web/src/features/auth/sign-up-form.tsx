import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import type { z } from 'zod';
import {
  buildFieldsSchema,
  registerBodySchema,
  registerPhoneBodySchema,
  ValidationMessage,
  type AuthResult,
  type Country,
  type Currency,
  type FieldMeta,
  type RegisterBody,
  type RegisterPhoneBody,
} from '@casino/contracts';
import { getAffiliateTag } from '@/shared/lib/affiliate-tag.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Checkbox } from '@/shared/ui/checkbox.tsx';
import { Trans } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { Select } from '@/shared/ui/select.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useRegister } from './api/register.ts';
import { sendOtp } from './api/account.ts';
import { otpSendFailure, PhoneCodeStep, phoneFieldProps } from './phone-code-step.tsx';
import { FormFailure } from './form-failure.tsx';
import { applyServerFieldErrors } from './server-field-errors.ts';
import { translateValidation } from './translate-validation.ts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { toast } from '@/shared/ui/toast.ts';

const CHECKBOX_FIELDS = new Set(['agreements', 'receiveEmailPromo', 'receiveSmsPromo', 'receiveBonus']);
const isCheckbox = (field: FieldMeta) =>
  CHECKBOX_FIELDS.has(field.name) || field.rules.some((r) => r.name === 'accepted');
const BODY_KEYS = {
  email: new Set(Object.keys(registerBodySchema.shape)),
  phone: new Set(Object.keys(registerPhoneBodySchema.shape)),
};
/** Phone sign-up asks for the number where the e-mail form asks for the address. */
const PHONE_FIELD: FieldMeta = {
  id: 0,
  name: 'phone',
  description: 'Phone',
  editable: true,
  isRequired: true,
  isVisible: true,
  position: 0,
  rules: [
    { name: 'required', message: ValidationMessage.required },
    { name: 'phone', message: ValidationMessage.phone },
  ],
};

/** The form's fields for a channel: the e-mail ones for e-mail; for phone the number, and promotions by SMS instead of e-mail. */
function fieldsFor(fields: readonly FieldMeta[], channel: SignUpChannel): FieldMeta[] {
  const visible = fields.filter((f) => f.isVisible).sort((a, b) => a.position - b.position);
  if (channel === 'email') return visible;
  return [
    PHONE_FIELD,
    ...visible
      .filter((f) => f.name !== 'email')
      .map((f) => (f.name === 'receiveEmailPromo' ? { ...f, name: 'receiveSmsPromo', description: '' } : f)),
  ];
}

export type SignUpChannel = 'email' | 'phone';

type Props = {
  fields: readonly FieldMeta[];
  currencies: readonly Currency[];
  countries: readonly Country[];
  defaultCountry: string;
  onRegistered: (result: AuthResult) => Promise<void> | void;
  channel?: SignUpChannel;
};

function defaultValueOf(field: FieldMeta, defaultCountry: string): unknown {
  if (isCheckbox(field)) return field.value === true;
  if (typeof field.value === 'string' && field.value) return field.value;
  if (field.name === 'country') return defaultCountry;
  return '';
}

/** The body sent: the values the channel's endpoint takes (hidden ones included), the language, the affiliate tag. */
function signUpBody(values: Record<string, unknown>, channel: SignUpChannel, language: string) {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (BODY_KEYS[channel].has(key) && value !== undefined) body[key] = value;
  }
  body.locale = language;
  const affiliateTag = getAffiliateTag();
  if (affiliateTag) body.affiliateTag = affiliateTag;
  return body;
}

/** A bonus code typed here never fails the sign-up: what became of it is told once the account exists. */
function announceBonusCode(t: TFunction, result: AuthResult) {
  const use = result.bonusCode;
  if (use && use.status >= 2 && use.status <= 4)
    toast({
      type: use.status === 2 ? 'success' : 'warn',
      title: t(`auth.signUp.bonusCodeResult.${use.status === 4 && use.reason ? use.reason : use.status}`, {
        code: use.bonusCode,
      }),
    });
}

/** A field's label: the agreements link to the terms, the others are named by the server's field. */
function labelOf(t: TFunction, field: FieldMeta) {
  return field.name === 'agreements' ? (
    // The terms open in a new tab, so the form keeps what the visitor typed.
    <Trans
      i18nKey="auth.signUp.agreementsLinked"
      components={{
        terms: (
          <LocaleLink
            to="/static/terms"
            target="_blank"
            rel="noopener"
            className="font-semibold text-accent underline"
          />
        ),
      }}
    />
  ) : (
    t(`auth.signUp.fields.${field.name}`, { defaultValue: field.description || field.name })
  );
}

/** The form's fields from the server's definitions: those shown, those sent hidden, their schema and defaults. */
function useSignUpFields(
  {
    fields,
    currencies,
    countries,
    defaultCountry,
  }: Pick<Props, 'fields' | 'currencies' | 'countries' | 'defaultCountry'>,
  channel: SignUpChannel,
) {
  const visible = useMemo(() => fieldsFor(fields, channel), [fields, channel]);
  // Hidden fields keep the server's value and go out with the form untouched.
  const hiddenValues = useMemo(
    () =>
      Object.fromEntries(
        fields.filter((f) => !f.isVisible && f.value !== undefined && f.value !== null).map((f) => [f.name, f.value]),
      ),
    [fields],
  );
  const schema = useMemo(
    // The shared builder types its input loosely (server-defined shape); the form values are a plain record.
    () =>
      buildFieldsSchema(visible, {
        currencies: currencies.map((c) => c.code),
        countries: countries.map((c) => c.code),
      }) as z.ZodType<FieldValues, FieldValues>,
    [visible, currencies, countries],
  );
  const defaultValues = useMemo(
    () => Object.fromEntries(visible.map((f) => [f.name, defaultValueOf(f, defaultCountry)])),
    [visible, defaultCountry],
  );
  return { visible, hiddenValues, schema, defaultValues };
}

/** The props every field takes: its label, error, whether required, and its registration with the form. */
type FieldCommon = { label: ReactNode; error: string | undefined; required: boolean } & UseFormRegisterReturn;

/** One field, as the control its name or rules call for. */
function SignUpField({
  field,
  common,
  currencies,
  countries,
}: {
  field: FieldMeta;
  common: FieldCommon;
  currencies: readonly Currency[];
  countries: readonly Country[];
}) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  if (isCheckbox(field)) return <Checkbox {...common} />;
  if (field.name === 'currency') {
    return (
      <Select
        {...common}
        placeholder={t('auth.signUp.chooseCurrency')}
        options={currencies.map((c) => ({ value: c.code, label: `${c.code} — ${names.currency(c)}` }))}
      />
    );
  }
  if (field.name === 'country') {
    return (
      <Select
        {...common}
        placeholder={t('auth.signUp.chooseCountry')}
        options={names.sortCountries(countries).map((c) => ({ value: c.code, label: names.country(c) }))}
      />
    );
  }
  if (field.name === 'password' || field.name === 'password_confirmation') {
    const min = field.rules.find((rule) => rule.name === 'minLength')?.min;
    return (
      <PasswordField
        {...common}
        autoComplete="new-password"
        hint={field.name === 'password' && min ? t('auth.signUp.passwordHint', { min }) : undefined}
      />
    );
  }
  if (field.name === 'phone') {
    return <TextField {...phoneFieldProps(t)} {...common} />;
  }
  return (
    <TextField
      {...common}
      type={field.name === 'email' ? 'email' : 'text'}
      autoComplete={field.name === 'email' ? 'email' : field.name === 'nickname' ? 'nickname' : 'off'}
    />
  );
}

/**
 * The registration form, built from the server's field definitions: the same `buildFieldsSchema`
 * validates here and on the server, so a rule cannot differ between the two.
 */
export function SignUpForm(props: Props) {
  const { currencies, countries, onRegistered, channel = 'email' } = props;
  const { t, i18n } = useTranslation();
  const registerMutation = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const registered = async (result: AuthResult) => {
    announceBonusCode(t, result);
    await onRegistered(result);
  };

  const { visible, hiddenValues, schema, defaultValues } = useSignUpFields(props, channel);
  /** Phone sign-up: the form as filled in, once the code is texted (the second step asks for it). */
  const [awaitingCode, setAwaitingCode] = useState<Omit<RegisterPhoneBody, 'code'> | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FieldValues>({ resolver: zodResolver(schema), defaultValues, shouldFocusError: true });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = signUpBody({ ...hiddenValues, ...values }, channel, i18n.language);
    try {
      if (channel === 'phone') {
        const phoneBody = body as Omit<RegisterPhoneBody, 'code'>;
        await sendOtp({ phone: phoneBody.phone, reason: 'registration', locale: i18n.language });
        return setAwaitingCode(phoneBody);
      }
      const result = await registerMutation.mutateAsync(body as RegisterBody);
      await registered(result);
    } catch (error) {
      if (channel === 'phone' && isApiError(error) && error.status === 429) return setFailure(otpSendFailure(t, error));
      if (!isApiError(error)) return setFailure(t('auth.errors.generic'));
      if (
        error.status === 422 &&
        applyServerFieldErrors(
          error.fields,
          setError,
          visible.map((f) => f.name),
        )
      )
        return;
      if (error.status === 429) return setFailure(t('auth.signUp.tooMany'));
      if (error.status === 0) return setFailure(t('auth.errors.network'));
      setFailure(error.status === 422 && error.message ? error.message : t('auth.errors.generic'));
    }
  });

  const commonOf = (field: FieldMeta): FieldCommon => ({
    label: labelOf(t, field),
    error: translateValidation(t, errors[field.name]?.message as string | undefined),
    required: field.isRequired,
    ...register(field.name),
  });

  if (awaitingCode)
    return <PhoneCodeStep body={awaitingCode} onRegistered={registered} onBack={() => setAwaitingCode(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormFailure message={failure} />
      {visible.map((field) => (
        <SignUpField
          key={field.name}
          field={field}
          common={commonOf(field)}
          currencies={currencies}
          countries={countries}
        />
      ))}
      <Button type="submit" block loading={isSubmitting}>
        {channel === 'phone' ? t('auth.phone.sendCode') : t('auth.signUp.submit')}
      </Button>
    </form>
  );
}
