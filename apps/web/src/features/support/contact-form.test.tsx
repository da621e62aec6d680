import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { recordRequests } from '@/test-api.ts';
import { ContactForm } from './contact-form.tsx';

afterEach(async () => {
  cleanup();
  await act(() => setLocale('en'));
});

describe('the contact form', () => {
  it('names what the subject wants and says every field is required', async () => {
    render(<ContactForm />);
    const form = screen.getByRole('form', { name: 'Contact us' });
    const subject = within(form).getByRole('combobox', { name: 'Subject' });
    expect(subject).toHaveValue('');
    expect(within(subject).getAllByRole('option')[0]).toHaveTextContent('Choose a subject');
    expect(within(form).getByText('All fields are required.')).toBeInTheDocument();
    for (const field of ['Name', 'E-mail', 'Subject', 'Message'])
      expect(within(form).getByLabelText(field)).toBeRequired();
  });

  it('says what is missing in the page language, without sending anything', async () => {
    const sent = recordRequests();
    await act(() => setLocale('de'));
    render(<ContactForm />);
    const form = screen.getByRole('form', { name: 'Kontakt' });
    const subject = within(form).getByRole('combobox', { name: 'Betreff' });
    expect(within(subject).getAllByRole('option')[0]).toHaveTextContent('Betreff wählen');
    expect(within(form).getByText('Alle Felder sind Pflichtfelder.')).toBeInTheDocument();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Nachricht senden' }));
    expect(subject).toHaveAccessibleDescription('Wähle einen Betreff.');
    expect(within(form).getByLabelText('Nachricht')).toHaveAccessibleDescription('Schreib mindestens 10 Zeichen.');
    expect(sent).toEqual([]);
  });
});
