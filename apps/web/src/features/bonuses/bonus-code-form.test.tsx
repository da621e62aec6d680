import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { z } from 'zod';
import { bonusCodeSchema, dataEnvelope, type BonusCode } from '@casino/contracts';
import { get, post, refuse, reply, server } from '@/test-api.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import '@/shared/i18n/i18n.ts';
import { BonusCodeForm } from './bonus-code-form.tsx';

let answer: () => Response;
let bodies: unknown[];

beforeEach(() => {
  bodies = [];
  localStorage.clear();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  server.use(
    post('/api/game/bonuses/bonuscodes', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
    get('/api/game/bonuses/bonuscodes', () => reply(dataEnvelope(z.array(bonusCodeSchema)), { data: [] })),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const use = (status: number, reason?: BonusCode['reason']) =>
  reply(dataEnvelope(bonusCodeSchema), {
    data: {
      id: 'u1',
      playerId: 'p1',
      bonusCode: 'WELCOME10',
      trigger: 1,
      status,
      result: 1,
      ...(reason ? { reason } : {}),
      createdAt: '2026-11-26T00:00:00Z',
    },
  });

async function typeAndApply(code: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <BonusCodeForm />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Bonus code'), code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('the bonus code form', () => {
  it('sends the code upper-cased with trigger 1 and says it was applied', async () => {
    answer = () => use(2);
    await typeAndApply(' welcome10 ');
    expect(await screen.findByRole('status')).toHaveTextContent('Code WELCOME10 applied');
    expect(bodies).toEqual([{ bonusCode: 'WELCOME10', trigger: 1 }]);
    expect(screen.getByLabelText('Bonus code')).toHaveValue('');
  });

  it.each([
    [3, 'Bonus code incorrect.'],
    [4, 'Bonus code not available.'],
  ])('says what status %i means', async (status, text) => {
    answer = () => use(status);
    await typeAndApply('NOPE');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it.each<[BonusCode['reason'], string]>([
    ['already_used', 'You have already used this code.'],
    ['one_per_person', 'This offer is limited to one per person, and it has been claimed already.'],
  ])('says why a code is not available when the server does (%s)', async (reason, text) => {
    answer = () => use(4, reason);
    await typeAndApply('WELCOME10');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('refuses a code that cannot exist without asking the server', async () => {
    answer = () => use(2);
    await typeAndApply('two words');
    expect(await screen.findByRole('alert')).toHaveTextContent('1 to 40 letters');
    expect(bodies).toEqual([]);
  });

  it('locks on error 5 with a countdown to the server’s moment, kept across reloads', async () => {
    const until = new Date(Date.now() + 125_000).toISOString();
    answer = () => refuse(429, { code: 5, message: 'Too many wrong bonus codes', until });
    await typeAndApply('GUESS');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/try again in 2:0[45]/);
    expect(screen.getByLabelText('Bonus code')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(Number(localStorage.getItem('bonus-code-locked-until'))).toBe(Date.parse(until));
  });

  it('in the deposit form: a field of its own (no nested form), applied with Enter as trigger 3', async () => {
    answer = () => use(1);
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <BonusCodeForm trigger={3} />
      </QueryClientProvider>,
    );
    expect(container.querySelector('form')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Bonus code for this deposit'), 'reload{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('applies to your next deposit');
    expect(bodies).toEqual([{ bonusCode: 'RELOAD', trigger: 3 }]);
  });

  it('opens again once the lock has passed', async () => {
    localStorage.setItem('bonus-code-locked-until', String(Date.now() + 1_500));
    render(
      <QueryClientProvider client={queryClient}>
        <BonusCodeForm />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('Bonus code')).toBeDisabled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_600)));
    await waitFor(() => expect(screen.getByLabelText('Bonus code')).toBeEnabled());
  });
});
