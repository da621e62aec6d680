import { expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataEnvelope, okSchema, type Currency, type FieldMeta } from '@casino/contracts';
import { post, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import './i18n/index.ts';

const field = (id: number, name: string, rules: FieldMeta['rules'], isRequired = true): FieldMeta => ({
  id,
  name,
  description: name,
  editable: true,
  isRequired,
  isVisible: true,
  position: id,
  rules,
});
const fields: FieldMeta[] = [
  field(1, 'email', [{ name: 'required', message: 'Value is required' }]),
  field(2, 'password', [{ name: 'required', message: 'Value is required' }]),
  field(3, 'password_confirmation', [{ name: 'sameAs', param: 'password', message: 'The value must be equal' }]),
  field(4, 'currency', [{ name: 'currency', message: 'Value is required' }]),
  field(5, 'agreements', [{ name: 'accepted', message: 'You must accept the terms and conditions' }]),
  field(6, 'receiveEmailPromo', [], false),
];
const currencies = [
  {
    code: 'EUR',
    name: 'Euro',
    symbol: '€',
    type: 'fiat',
    isBase: true,
    isEnabled: true,
    subunitToUnit: 100,
    rate: { rate: 1, rateTime: '2025-01-01T00:00:00Z' },
  },
] satisfies Currency[];

it('phone sign-up offers promotions by SMS (as e-mail sign-up offers them by e-mail) and sends the choice', async () => {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    post('/api/player/otp/send', () => reply(dataEnvelope(okSchema), { data: { ok: true } })),
    post('/api/player/register/phone', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return refuse(422, { code: 422, message: 'stop here' });
    }),
  );
  const user = userEvent.setup();
  renderInModal(
    <SignUpForm
      fields={fields}
      currencies={currencies}
      countries={[]}
      defaultCountry="DE"
      onRegistered={() => {}}
      channel="phone"
    />,
  );
  expect(screen.queryByLabelText(/by email/i)).toBeNull();
  const promo = screen.getByRole('checkbox', { name: 'Send me offers and promotions by SMS' });
  expect(promo).not.toBeChecked();
  await user.type(screen.getByLabelText('Phone number'), '+4915123456789');
  await user.type(screen.getByLabelText('Password'), 'secret-pass-1');
  await user.type(screen.getByLabelText('Repeat password'), 'secret-pass-1');
  await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
  await user.click(screen.getByLabelText(/I am at least 18 years old/));
  await user.click(promo);
  await user.click(screen.getByRole('button', { name: 'Text me a code' }));
  await user.type(await screen.findByLabelText('Code from the SMS'), '123456');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toMatchObject({ phone: '+4915123456789', receiveSmsPromo: true, code: '123456' });
});
