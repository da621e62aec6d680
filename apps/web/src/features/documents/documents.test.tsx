import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { dataEnvelope, playerDocumentSchema, type PlayerDocument } from '@casino/contracts';
import { saveSession } from '@/shared/lib/token.ts';
import { createMemoryRouter } from '@/shared/router';
import { del, get, post, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { renderRouter } from '../test-support.tsx';
import { DocumentsPanel } from './documents-panel.tsx';

const doc = (id: string, type: string, fileName: string, over: Partial<PlayerDocument> = {}): PlayerDocument => ({
  id,
  type,
  status: 1,
  fileName,
  mimeType: 'image/jpeg',
  size: 120_000,
  reason: null,
  createdAt: '2025-03-01T12:00:00Z',
  reviewedAt: null,
  ...over,
});

let documents: PlayerDocument[];
beforeEach(() => {
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  documents = [
    doc('d1', 'identity_front', 'passport.jpg', { status: 2, reviewedAt: '2025-03-02T00:00:00Z' }),
    doc('d2', 'address', 'bill.pdf', {
      status: 3,
      mimeType: 'application/pdf',
      reason: 'The address is not readable',
      reviewedAt: '2025-03-02T00:00:00Z',
    }),
  ];
  server.use(
    get('/api/player/documents', () => reply(dataEnvelope(z.array(playerDocumentSchema)), { data: documents })),
    del('/api/player/documents/:id', ({ params }) => {
      documents = documents.filter((d) => d.id !== params.id);
      return reply(dataEnvelope(z.object({ ok: z.literal(true) })), { data: { ok: true } });
    }),
  );
});

const renderPanel = () =>
  renderRouter(
    createMemoryRouter([{ path: '*', element: <DocumentsPanel /> }], { initialEntries: ['/profile/documents'] }),
  );
const row = (fileName: string) => screen.getByText(new RegExp(`^${fileName} ·`)).closest('li') as HTMLElement;
const file = (name: string, type: string) => new File(['%PDF-1.4 test'], name, { type });

describe('the documents tab', () => {
  it('lists each document with its kind and review, and why one was rejected', async () => {
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Your documents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(row('passport.jpg')).toHaveTextContent('Identity document (front)');
    expect(row('passport.jpg')).toHaveTextContent('Approved');
    // An approved document stays.
    expect(within(row('passport.jpg')).queryByRole('button')).toBeNull();
    expect(row('bill.pdf')).toHaveTextContent('Proof of address');
    expect(row('bill.pdf')).toHaveTextContent('Rejected');
    expect(row('bill.pdf')).toHaveTextContent('The address is not readable');
  });

  it('an upload sends the kind and the file, and the new document heads the list in review', async () => {
    let sent: { type: unknown; file: boolean } | undefined;
    server.use(
      post('/api/player/documents', async ({ request }) => {
        const form = await request.formData();
        // jsdom's XMLHttpRequest hands MSW the file part without its name or bytes: only its presence is checked.
        sent = { type: form.get('type'), file: form.has('file') };
        return reply(dataEnvelope(playerDocumentSchema), {
          data: doc('d3', String(form.get('type')), 'back.pdf', { mimeType: 'application/pdf' }),
        });
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('list', { name: 'Your documents' });
    await user.selectOptions(screen.getByLabelText('Kind of document'), 'identity_back');
    await user.upload(screen.getByLabelText('File'), file('back.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/^back\.pdf ·/)).toBeInTheDocument();
    expect(sent).toEqual({ type: 'identity_back', file: true });
    const items = within(screen.getByRole('list', { name: 'Your documents' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Identity document (back)');
    expect(items[0]).toHaveTextContent('In review');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a file the server refuses as the wrong kind is explained', async () => {
    server.use(
      post('/api/player/documents', () =>
        refuse(422, { code: 422, message: 'Validation failed', fields: { file: ['Unsupported file type'] } }),
      ),
    );
    const user = userEvent.setup();
    renderPanel();
    await user.selectOptions(await screen.findByLabelText('Kind of document'), 'other');
    await user.upload(screen.getByLabelText('File'), file('notes.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a JPEG, PNG or PDF file.');
  });

  it('without a kind or a file nothing is sent, and the form says what is missing', async () => {
    const sent = recordRequests();
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('list', { name: 'Your documents' });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose what kind of document this is.');
    await user.selectOptions(screen.getByLabelText('Kind of document'), 'other');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a file to upload.');
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('removing a document takes it off the list', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Remove bill.pdf' }));
    await expect.poll(() => screen.queryByText(/^bill\.pdf ·/)).toBeNull();
    expect(screen.getByText(/^passport\.jpg ·/)).toBeInTheDocument();
  });

  it('says so when the documents cannot be loaded', async () => {
    server.use(get('/api/player/documents', () => refuse(500, { code: 500, message: 'Internal error' })));
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your documents could not be loaded.');
  });
});
