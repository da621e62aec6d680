import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import {
  authResultSchema,
  currencySchema,
  dataEnvelope,
  fieldMetaSchema,
  playerInitSchema,
  type Currency,
  type FieldMeta,
} from '@casino/contracts';
import { initWith } from '@/app/test-support.tsx';
import { get, post, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import { testAuthResult } from './test-fixtures.ts';
import { completeLogin } from './session.ts';
import SignUpModal from './sign-up-modal.tsx';

vi.mock('./session.ts', () => ({ completeLogin: vi.fn(async () => {}) }));

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
// What the server sends for scenario=registration: the rules the server itself validates with.
const registrationFields: FieldMeta[] = [
  field(1, 'email', [
    { name: 'required', message: 'Value is required' },
    { name: 'email', message: 'Value is not a valid email address' },
  ]),
  field(2, 'password', [
    { name: 'required', message: 'Value is required' },
    { name: 'minLength', min: 6, message: 'This field should be at least 6 characters long' },
  ]),
  field(3, 'password_confirmation', [
    { name: 'required', message: 'Value is required' },
    { name: 'sameAs', param: 'password', message: 'The value must be equal to the password value' },
  ]),
  field(4, 'currency', [
    { name: 'required', message: 'Value is required' },
    { name: 'currency', message: 'Value is required' },
  ]),
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
  {
    code: 'BTC',
    name: 'Bitcoin',
    symbol: '₿',
    type: 'crypto',
    isBase: false,
    isEnabled: true,
    subunitToUnit: 100_000_000,
    rate: { rate: 60000, rateTime: '2025-01-01T00:00:00Z' },
  },
] satisfies Currency[];
const authResult = testAuthResult({ expiresAfter: new Date(Date.now() + 900_000).toISOString(), sessionId: 's1' });

let registerBodies: unknown[];
let registerAnswer: () => Response;

beforeEach(() => {
  window.dataLayer = [];
  registerBodies = [];
  registerAnswer = () => reply(dataEnvelope(authResultSchema), { data: authResult });
  server.use(
    get('/api/player/fields/validations', () =>
      reply(dataEnvelope(z.array(fieldMetaSchema)), { data: registrationFields }),
    ),
    get('/api/settings/currencies', () => reply(dataEnvelope(z.array(currencySchema)), { data: currencies })),
    get('/api/player/init', () =>
      reply(dataEnvelope(playerInitSchema), { data: initWith({ country: 'DE' }, { documents: true }) }),
    ),
    post('/api/player/register', async ({ request }) => {
      registerBodies.push(await request.json());
      return registerAnswer();
    }),
  );
});
afterEach(() => {
  vi.mocked(completeLogin).mockClear();
});

const close = vi.fn();
const open = () => renderInModal(<SignUpModal name="sign-up" value="" close={close} />, '/?sign-up');
const events = () => (window.dataLayer ?? []).map((e) => e.event);

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Repeat password'), 'secret1');
  await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
  await user.click(screen.getByLabelText(/I am at least 18 years old/));
}

describe('sign-up modal', () => {
  it('reports registration_start when it opens', async () => {
    open();
    await screen.findByLabelText('Email');
    expect(events()).toEqual(['registration_start']);
  });

  it('applies the field rules: password min 6, confirmation equal, agreements required', async () => {
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.type(screen.getByLabelText('Repeat password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    const error = await screen.findByText('This field should be at least 6 characters long');
    // The error and the rule's hint (from the server's minLength) both describe the field.
    const hint = screen.getByText(/^At least 6 characters\./);
    expect(password.getAttribute('aria-describedby')?.split(' ')).toEqual([error.id, hint.id]);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // The field named in the rule is shown by its label.
    expect(screen.getByText('The value must be equal to the Password value')).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument();
    // The first invalid field takes the focus.
    expect(password).toHaveFocus();
    expect(registerBodies).toHaveLength(0);
  });

  it('shows and hides the password on request, as a pressed toggle', async () => {
    const user = userEvent.setup();
    open();
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'my secret phrase');
    expect(password).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle!);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveValue('my secret phrase');
    await user.click(toggle!);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows the server field errors under their fields', async () => {
    registerAnswer = () =>
      refuse(422, { code: 422, message: 'Invalid data', fields: { email: ['This email is already registered'] } });
    const user = userEvent.setup();
    open();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('Email');
    const message = await screen.findByText('This email is already registered');
    expect(email).toHaveAttribute('aria-describedby', message.id);
    expect(email).toHaveFocus();
    expect(completeLogin).not.toHaveBeenCalled();
  });

  it('registers, signs in, reports completion and opens the deposit wallet', async () => {
    document.cookie = 'stag=aff-42; path=/';
    const user = userEvent.setup();
    open();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?wallet=deposit'));
    expect(registerBodies[0]).toEqual({
      email: 'ana@example.com',
      password: 'secret1',
      password_confirmation: 'secret1',
      currency: 'EUR',
      agreements: true,
      receiveEmailPromo: false,
      locale: 'en',
      affiliateTag: 'aff-42',
    });
    expect(completeLogin).toHaveBeenCalledWith(authResult);
    expect(events()).toEqual(['registration_start', 'registration_complete']);
  });
});
