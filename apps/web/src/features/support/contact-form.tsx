import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { CONTACT_SUBJECTS, contactBodySchema, type ContactBody } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { api, isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import './i18n/index.ts';

type Errors = Partial<Record<keyof ContactBody | 'form', string>>;

/** The contact form's state: what is typed (a player's name and address to start with), and sending it. */
function useContactForm() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  const [form, setForm] = useState({
    name: profile?.firstName ?? profile?.nickname ?? '',
    email: profile?.email ?? '',
    subject: '',
    message: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = contactBodySchema.safeParse(form);
    if (!parsed.success) {
      // Each field says what it needs, in the page's language (every field is required).
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof ContactBody;
        next[field] ??= t(`support.contact.errors.${field}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      await api('POST', '/api/notification/communications', { body: parsed.data, redirectOnAuthError: false });
      setState('sent');
    } catch (error) {
      setState('idle');
      const fields = isApiError(error) ? error.fields : {};
      setErrors({
        ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])),
        form: isApiError(error) && error.status === 429 ? error.message : t('support.contact.failed'),
      });
    }
  };
  return { form, setForm, errors, state, submit };
}

/** The message, a labelled text area with its error under it. */
function MessageField(props: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-fg">
        {t('support.contact.message')}
      </label>
      <textarea
        id="contact-message"
        rows={4}
        maxLength={2000}
        required
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? 'contact-message-error' : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className="block w-full rounded-xl border border-line bg-page px-3.5 py-2.5 text-fg focus-visible:border-accent"
      />
      {props.error && (
        <p id="contact-message-error" className="mt-1.5 text-sm text-danger">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The contact form (`POST /api/notification/communications`): guests and players alike. */
export function ContactForm({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const { form, setForm, errors, state, submit } = useContactForm();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  if (state === 'sent')
    return (
      <output className="block rounded-xl border border-success/40 bg-success/10 p-4 text-sm text-fg">
        {t('support.contact.sent')}
      </output>
    );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-title" className="space-y-4">
      <div>
        <Heading id="contact-title" className="text-lg font-semibold text-fg">
          {t('support.contact.title')}
        </Heading>
        <p className="mt-1 text-sm text-muted">{t('support.contact.text')}</p>
        <p className="mt-1 text-sm text-muted">{t('support.contact.allRequired')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('support.contact.name')}
          value={form.name}
          maxLength={100}
          autoComplete="name"
          required
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          error={errors.name}
        />
        <TextField
          label={t('support.contact.email')}
          type="email"
          value={form.email}
          maxLength={254}
          autoComplete="email"
          required
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          error={errors.email}
        />
      </div>
      <Select
        label={t('support.contact.subject')}
        value={form.subject}
        placeholder={t('support.contact.chooseSubject')}
        required
        onChange={(e) => setForm({ ...form, subject: e.target.value })}
        options={CONTACT_SUBJECTS.map((s) => ({ value: s, label: t(`support.contact.subjects.${s}`) }))}
        error={errors.subject}
      />
      <MessageField value={form.message} error={errors.message} onChange={(message) => setForm({ ...form, message })} />
      {errors.form && (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      )}
      <Button type="submit" loading={state === 'sending'}>
        {t('support.contact.send')}
      </Button>
    </form>
  );
}
