import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { api, ApiError } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { FALLBACK_INIT, playerInitQuery } from '@/shared/lib/player-init.ts';
import { saveSession } from '@/shared/lib/token.ts';
import type { ErrorEnvelope } from '@casino/contracts';
import { all, refuse, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import SignInModal from './sign-in-modal.tsx';
import { noteSocialRefusal } from './social-refusal.ts';

vi.mock('./session.ts', () => ({ completeLogin: vi.fn(async () => {}) }));
vi.mock('@/shared/lib/navigation.ts', () => ({ navigateTo: vi.fn() }));

let answer: () => Response;
beforeEach(() => {
  queryClient.clear();
  queryClient.setQueryData(playerInitQuery.queryKey, FALLBACK_INIT);
  server.use(all('*', () => answer()));
});
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await act(() => setLocale('en'));
});

const openModal = () => renderInModal(<SignInModal name="sign-in" value="" close={vi.fn()} />, '/?sign-in');

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /mail/i }), 'ana@example.com');
  await user.type(screen.getByLabelText(/^(Password|Passwort|Senha)$/), 'secret-pass-1');
  await user.click(screen.getAllByRole('button', { name: /^(Sign in|Anmelden|Entrar)$/ }).at(-1)!);
}

/** The session is ended by the server while this tab is signed in: its next call is refused. */
async function endedByServer(error: Omit<ErrorEnvelope['error'], 'message'>, via: 'request' | 'refresh' = 'request') {
  saveSession({
    accessToken: 'jwt',
    expiresAfter: new Date(Date.now() + (via === 'refresh' ? 1_000 : 600_000)).toISOString(),
  });
  answer = () => refuse(401, { message: 'Session ended', ...error });
  await expect(api('GET', '/api/player/profile')).rejects.toMatchObject({ status: 401 });
}

describe('the sign-in dialog after the server ended the session', () => {
  it('says it was ended on another device, once', async () => {
    await endedByServer({ code: 16003, reason: 'closed_by_player' });
    openModal();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You were signed out because this session was ended on another device. Sign in again to continue.',
    );
    cleanup();
    openModal();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names a changed password, an exclusion, and says at least that the session ended (in German too)', async () => {
    await endedByServer({ code: 16003, reason: 'password_changed' }, 'refresh');
    openModal();
    expect(screen.getByRole('status')).toHaveTextContent('because your password was changed');
    cleanup();

    await endedByServer({ code: 16003, reason: 'excluded' });
    openModal();
    expect(screen.getByRole('status')).toHaveTextContent('a self-exclusion or cooling-off started on your account');
    cleanup();

    await act(() => setLocale('de'));
    await endedByServer({ code: 401 });
    openModal();
    expect(screen.getByRole('status')).toHaveTextContent('Deine Sitzung wurde beendet. Bitte melde dich erneut an.');
  });
});

describe('a sign-in refused during an exclusion', () => {
  const until = '2031-05-04T10:00:00.000Z';

  it('says self-exclusion for a self-exclusion and a break for a cooling-off, with the end', async () => {
    answer = () => refuse(403, { code: 11007, message: 'x', until, reason: 'self_exclusion' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^You have excluded yourself from play \(self-exclusion\) until May 4, 2031/,
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('break');
    cleanup();

    answer = () => refuse(403, { code: 11007, message: 'x', until, reason: 'cooling_off' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^You have taken a break from play until May 4, 2031/);
  });

  it('a refused Google sign-in, sent back to this dialog, reads the same (once)', async () => {
    noteSocialRefusal(new ApiError(403, 11007, 'x', {}, until, { reason: 'self_exclusion' }));
    openModal();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^You have excluded yourself from play \(self-exclusion\) until May 4, 2031/,
    );
    cleanup();
    openModal();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('in German and Portuguese', async () => {
    await act(() => setLocale('de'));
    answer = () => refuse(403, { code: 11007, message: 'x', until, reason: 'self_exclusion' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Du hast dich bis 4\. Mai 2031 .* vom Spiel ausgeschlossen \(Selbstausschluss\)/,
    );
    cleanup();

    await act(() => setLocale('pt-br'));
    answer = () => refuse(403, { code: 11007, message: 'x', until, reason: 'cooling_off' });
    openModal();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Você fez uma pausa até 4 de maio de 2031/);
  });
});
