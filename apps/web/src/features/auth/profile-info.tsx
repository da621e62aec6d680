import { useMemo, useState } from 'react';
import { useForm, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { z } from 'zod';
import {
  buildFieldsSchema,
  GENDERS,
  LOCALES,
  TIME_ZONES,
  type Country,
  type FieldMeta,
  type Profile,
  type ProfileUpdateBody,
} from '@casino/contracts';
import { useCountries } from '@/shared/lib/countries.ts';
import { useDisplayNames } from '@/shared/lib/display-names.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Checkbox } from '@/shared/ui/checkbox.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useProfileFields, useUpdateProfile } from './api/profile.ts';
import { failureText, FormFailure } from './form-failure.tsx';
import { applyServerFieldErrors } from './server-field-errors.ts';
import { useSession } from './session-store.ts';
import { translateValidation } from './translate-validation.ts';
import './i18n/index.ts';

const TOGGLES = new Set(['receiveEmailPromo', 'receiveSmsPromo', 'receiveBonus']);
type ProfileKey = keyof ProfileUpdateBody;
/** What the player has in a field; the security answer is known only to be set. */
const valueOf = (profile: Profile, name: string) =>
  name === 'securityAnswer' ? profile.hasSecurityAnswer || null : profile[name as keyof Profile];

/** `/profile/info`: the player's details; `?edit=true` edits them with the server's field rules. */
export function ProfileInfo() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  const fields = useProfileFields();
  const countries = useCountries(true);
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit') === 'true';
  const setEditing = (on: boolean) => {
    // The other mode starts at its top, not where the last one was scrolled to.
    window.scrollTo({ top: 0 });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('edit', 'true');
        else next.delete('edit');
        return next;
      },
      { replace: false },
    );
  };

  if (!profile || !fields.data || !countries.data)
    return fields.isError || countries.isError ? (
      <p role="alert" className="text-danger">
        {t('auth.errors.generic')}
      </p>
    ) : (
      <Spinner label={t('auth.profile.loading')} className="size-6" />
    );
  const visible = fields.data.filter((f) => f.isVisible).sort((a, b) => a.position - b.position);
  return editing ? (
    <ProfileForm profile={profile} fields={visible} countries={countries.data} onDone={() => setEditing(false)} />
  ) : (
    <ProfileView profile={profile} fields={visible} countries={countries.data} onEdit={() => setEditing(true)} />
  );
}

function useShownValue(countries: readonly Country[]) {
  const { t, i18n } = useTranslation();
  const names = useDisplayNames();
  return (name: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (name === 'country') {
      const country = countries.find((c) => c.code === value);
      return country ? names.country(country) : String(value);
    }
    if (name === 'gender') return t(`auth.profile.genders.${String(value)}`, { defaultValue: String(value) });
    if (name === 'locale') return LOCALES.find((l) => l.code === value)?.nativeName ?? String(value);
    if (name === 'securityAnswer') return t('auth.profile.answerSet');
    if (name === 'cpf_number') return String(value).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    if (name === 'birthdate')
      return new Date(`${String(value)}T00:00:00Z`).toLocaleDateString(i18n.language, {
        dateStyle: 'long',
        timeZone: 'UTC',
      });
    return String(value);
  };
}

function ProfileView({
  profile,
  fields,
  countries,
  onEdit,
}: {
  profile: Profile;
  fields: FieldMeta[];
  countries: readonly Country[];
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const shown = useShownValue(countries);
  const update = useUpdateProfile();
  // A toggle moves at once and goes back if the server says no.
  const [pending, setPending] = useState<Partial<Record<string, boolean>>>({});
  const toggle = async (name: ProfileKey, checked: boolean) => {
    setPending((p) => ({ ...p, [name]: checked }));
    try {
      await update.mutateAsync({ [name]: checked });
    } catch {
      toast({ type: 'error', title: t('auth.errors.generic') });
    } finally {
      setPending(({ [name]: _settled, ...rest }) => rest);
    }
  };
  return (
    <div className="space-y-5">
      <div className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h3 className="text-lg font-semibold text-fg">{t('auth.profile.details')}</h3>
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {t('auth.profile.edit')}
          </Button>
        </div>
        <dl className="mt-5 grid gap-x-8 gap-y-4 sm:grid-cols-2">
          {fields
            .filter((f) => !TOGGLES.has(f.name))
            .map((f) => (
              <div key={f.name}>
                <dt className="text-sm text-muted">
                  {t(`auth.profile.fields.${f.name}`, { defaultValue: f.description })}
                </dt>
                <dd className="mt-0.5 break-words text-fg">{shown(f.name, valueOf(profile, f.name))}</dd>
              </div>
            ))}
        </dl>
      </div>
      <div className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
        <h3 className="text-lg font-semibold text-fg">{t('auth.profile.offers')}</h3>
        <div className="mt-4 space-y-3">
          {fields
            .filter((f) => TOGGLES.has(f.name))
            .map((f) => (
              <Checkbox
                key={f.name}
                label={t(`auth.profile.fields.${f.name}`, { defaultValue: f.description })}
                checked={pending[f.name] ?? Boolean(valueOf(profile, f.name))}
                onChange={(event) => void toggle(f.name as ProfileKey, event.currentTarget.checked)}
              />
            ))}
        </div>
      </div>
    </div>
  );
}

/** The edit form's setup: the fields it edits, those locked once filled, their defaults, and the form itself. */
function useProfileForm(profile: Profile, fields: FieldMeta[], countries: readonly Country[]) {
  const editable = fields.filter((f) => !TOGGLES.has(f.name));
  // A field that locks once filled is shown, not edited, when it has a value.
  const locked = (f: FieldMeta) => !f.editable && valueOf(profile, f.name) !== null;
  const schema = useMemo(
    () =>
      buildFieldsSchema(
        editable.filter((f) => !locked(f)),
        { currencies: [], countries: countries.map((c) => c.code) },
      ) as z.ZodType<FieldValues, FieldValues>,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the field list and profile are fixed while the form is open
    [fields, countries],
  );
  // The answer is never sent back: its field starts empty, and empty keeps it.
  const defaults = Object.fromEntries(
    editable.map((f) => [
      f.name,
      f.name === 'securityAnswer' ? '' : ((valueOf(profile, f.name) as string | null) ?? ''),
    ]),
  );
  const form = useForm<FieldValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  return { editable, locked, defaults, form };
}

/** What goes out: each field not locked whose value changed from the one the form started with. */
function changedValues(
  editable: FieldMeta[],
  locked: (f: FieldMeta) => boolean,
  values: FieldValues,
  defaults: Record<string, unknown>,
) {
  const body: Record<string, string> = {};
  for (const f of editable) {
    if (locked(f)) continue;
    const next = typeof values[f.name] === 'string' ? (values[f.name] as string) : '';
    if (next !== (defaults[f.name] ?? '')) body[f.name] = next;
  }
  return body;
}

/** One field the player may edit, as the control its name calls for. */
function ProfileFieldControl({
  field: f,
  common,
  profile,
  countries,
}: {
  field: FieldMeta;
  common: { label: string; error: string | undefined } & UseFormRegisterReturn;
  profile: Profile;
  countries: readonly Country[];
}) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const choose = t('auth.profile.choose');
  switch (f.name) {
    case 'gender':
      return (
        <Select
          {...common}
          placeholder={choose}
          options={GENDERS.map((g) => ({ value: g, label: t(`auth.profile.genders.${g}`) }))}
        />
      );
    case 'country':
      return (
        <Select
          {...common}
          placeholder={choose}
          options={names.sortCountries(countries).map((c) => ({ value: c.code, label: names.country(c) }))}
        />
      );
    case 'timeZone':
      return (
        <Select {...common} placeholder={choose} options={TIME_ZONES.map((z) => ({ value: z.id, label: z.name }))} />
      );
    case 'locale':
      return <Select {...common} options={LOCALES.map((l) => ({ value: l.code, label: l.nativeName }))} />;
    case 'birthdate':
      return <TextField {...common} type="date" autoComplete="bday" />;
    case 'securityAnswer':
      return (
        <TextField
          {...common}
          type="password"
          autoComplete="off"
          hint={profile.hasSecurityAnswer ? t('auth.profile.answerHint') : undefined}
        />
      );
    default:
      return (
        <TextField
          {...common}
          autoComplete={AUTOCOMPLETE[f.name] ?? 'off'}
          hint={!f.editable ? t('auth.profile.locksOnce') : undefined}
        />
      );
  }
}

function ProfileForm({
  profile,
  fields,
  countries,
  onDone,
}: {
  profile: Profile;
  fields: FieldMeta[];
  countries: readonly Country[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const { editable, locked, defaults, form } = useProfileForm(profile, fields, countries);
  const { register, handleSubmit, setError } = form;
  const { errors, isSubmitting } = form.formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const body = changedValues(editable, locked, values, defaults);
    try {
      if (Object.keys(body).length > 0) await update.mutateAsync(body as ProfileUpdateBody);
      toast({ type: 'success', title: t('auth.profile.saved') });
      onDone();
    } catch (error) {
      if (
        isApiError(error) &&
        error.status === 422 &&
        applyServerFieldErrors(
          error.fields,
          setError,
          editable.map((f) => f.name),
        )
      )
        return;
      setFailure(failureText(t, error));
    }
  });

  const control = (f: FieldMeta) => {
    const label = t(`auth.profile.fields.${f.name}`, { defaultValue: f.description });
    if (locked(f))
      return (
        <TextField
          key={f.name}
          label={label}
          value={String(valueOf(profile, f.name))}
          readOnly
          hint={t('auth.profile.locked')}
        />
      );
    const common = {
      label,
      error: translateValidation(t, errors[f.name]?.message as string | undefined),
      ...register(f.name),
    };
    return <ProfileFieldControl key={f.name} field={f} common={common} profile={profile} countries={countries} />;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <h3 className="text-lg font-semibold text-fg">{t('auth.profile.editTitle')}</h3>
      <div className="mt-5 space-y-4">
        <FormFailure message={failure} />
        <div className="grid gap-4 sm:grid-cols-2">{editable.map(control)}</div>
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" loading={isSubmitting}>
            {t('auth.profile.save')}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('auth.profile.cancel')}
          </Button>
        </div>
      </div>
    </form>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  nickname: 'nickname',
  city: 'address-level2',
  address: 'street-address',
  postalCode: 'postal-code',
};
