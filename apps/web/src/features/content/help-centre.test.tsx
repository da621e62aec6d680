import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contentSummarySchema, dataEnvelope, type ContentSummary } from '@casino/contracts';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter } from '@/shared/router';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { get, reply, server } from '@/test-api.ts';
import { renderRouter } from '../test-support.tsx';
import { HelpCentre } from './help-centre.tsx';

vi.mock('@/features/support', () => ({ ContactForm: () => null }));

const question = (identity: string, locale: string, title: string): ContentSummary => ({
  area: 'question',
  identity,
  locale,
  title,
  description: '',
  category: 'account',
});

beforeEach(() => {
  server.use(
    get('/api/content/:area', () =>
      reply(dataEnvelope(z.array(contentSummarySchema)), {
        data: [
          question('create-account', 'de', 'Wie erstelle ich ein Konto?'),
          question('close-account', 'en', 'How do I close my account?'),
        ],
      }),
    ),
  );
});
afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('help centre', () => {
  it('marks the answers that exist only in English, in the visitor’s language', async () => {
    await act(() => setLocale('de'));
    renderRouter(createMemoryRouter([{ path: '*', Component: HelpCentre }], { initialEntries: ['/de/questions'] }));
    const english = await screen.findByRole('link', { name: /How do I close my account\?/ });
    expect(english).toHaveTextContent('Nur auf Englisch');
    expect(screen.getByRole('link', { name: 'Wie erstelle ich ein Konto?' })).not.toHaveTextContent('Englisch');
  });
});
