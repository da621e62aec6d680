import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@/shared/lib/query-client.ts';
import { FALLBACK_INIT, playerInitQuery } from '@/shared/lib/player-init.ts';
import { authResultSchema, dataEnvelope } from '@casino/contracts';
import { post, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import { testAuthResult } from './test-fixtures.ts';
import { completeLogin } from './session.ts';
import SignInModal from './sign-in-modal.tsx';

vi.mock('./session.ts', () => ({ completeLogin: vi.fn(async () => {}) }));

let answer: () => Response;
let bodies: unknown[];
let requests: { url: string; credentials: RequestCredentials | undefined }[];
beforeEach(() => {
  queryClient.clear();
  // The app loads this before any page; the dialog only reads it (social sign-in off here).
  queryClient.setQueryData(playerInitQuery.queryKey, FALLBACK_INIT);
  bodies = [];
  requests = [];
  server.use(
    post('/api/player/*', async ({ request }) => {
      bodies.push(await request.json());
      requests.push({ url: new URL(request.url).pathname, credentials: request.credentials });
      return answer();
    }),
  );
});
afterEach(() => {
  vi.mocked(completeLogin).mockClear();
});

function openModal() {
  const close = vi.fn();
  renderInModal(<SignInModal name="sign-in" value="" close={close} />, '/?sign-in');
  return close;
}

async function signIn(email = 'Ana@Example.com', password = 'secret1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in modal', () => {
  it('signs in and closes', async () => {
    const result = testAuthResult();
    answer = () => reply(dataEnvelope(authResultSchema), { data: result });
    const close = openModal();
    await signIn();
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(bodies[0]).toEqual({ login: 'ana@example.com', password: 'secret1' });
    expect(completeLogin).toHaveBeenCalledWith(result);
  });

  it('says plainly when email or password is wrong (401)', async () => {
    answer = () => refuse(401, { code: 16002, message: 'Invalid credentials' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
  });

  it('a 3,000-character password says it is too long, and a new attempt clears the old banner', async () => {
    answer = () => refuse(401, { code: 16002, message: 'Wrong' });
    openModal();
    const user = await signIn('ana@example.com', 'wrong-one');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    const password = screen.getByLabelText('Password');
    await user.clear(password);
    await user.click(password);
    await user.paste('x'.repeat(3000));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The maximum length allowed is 128')).toBeInTheDocument();
    expect(screen.queryByText('Value is required')).toBeNull();
    expect(screen.queryByText('Wrong email or password.')).toBeNull();
    expect(bodies).toHaveLength(1);
  });

  it('sends the browser’s device cookie with the sign-in (it lets a known browser through a pause)', async () => {
    answer = () => refuse(401, { code: 16002, message: 'Invalid credentials' });
    openModal();
    await signIn();
    await screen.findByRole('alert');
    expect(requests[0]).toEqual({ url: '/api/player/sessions', credentials: 'same-origin' });
  });

  it('a paused account: asks for the mailed code, and signs in with it', async () => {
    const result = testAuthResult();
    const answers = [
      refuse(429, { code: 11010, message: 'Paused', challenge: 'challenge-token' }),
      refuse(422, { code: 11003, message: 'Wrong code', fields: { code: ['Wrong code'] } }),
      reply(dataEnvelope(authResultSchema), { data: result }),
    ];
    answer = () => answers.shift()!;
    const close = openModal();
    const user = await signIn();
    const code = await screen.findByLabelText('Sign-in code');
    expect(code).toHaveFocus();
    expect(screen.getByText(/we have sent a 6-digit sign-in code/)).toBeInTheDocument();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/The code is wrong or has expired/)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(requests.slice(1).map((r) => r.url)).toEqual([
      '/api/player/sessions/challenge',
      '/api/player/sessions/challenge',
    ]);
    expect(bodies[2]).toEqual({ challenge: 'challenge-token', code: '123456' });
    expect(completeLogin).toHaveBeenCalledWith(result);
  });

  it('from the code step, Back returns to the filled-in form', async () => {
    answer = () => refuse(429, { code: 11010, message: 'Paused', challenge: 'c' });
    openModal();
    const user = await signIn('ana@example.com', 'secret1');
    await screen.findByLabelText('Sign-in code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
  });

  it('asks to wait after too many attempts (429)', async () => {
    answer = () => refuse(429, { code: 429, message: 'Too many requests' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
  });

  it('tells a blocked player (403)', async () => {
    answer = () => refuse(403, { code: 11002, message: 'Blocked' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is blocked');
  });

  it('explains the unverified-email case (11001) with the spec text', async () => {
    answer = () => refuse(401, { code: 11001, message: 'Email not verified' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'To use this login method, first login to your account and verify your email address',
    );
  });

  it('checks the email before calling the server', async () => {
    answer = () => reply(dataEnvelope(authResultSchema), { data: testAuthResult() });
    openModal();
    await signIn('not-an-email', 'x');
    expect(await screen.findByText('Value is not a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it('links to password recovery and to registration', async () => {
    openModal();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?forgot-pass');
    cleanup();
    openModal();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/?sign-up');
  });
});
