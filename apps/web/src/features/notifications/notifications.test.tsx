import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataEnvelope, messengerListSchema, unreadCountSchema, type MessengerMessage } from '@casino/contracts';
import { saveSession } from '@/shared/lib/token.ts';
import { createMemoryRouter } from '@/shared/router';
import { del, get, post, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { renderRouter } from '../test-support.tsx';
import { NotificationsPanel } from './notifications-panel.tsx';

const message = (id: string, title: string, over: Partial<MessengerMessage> = {}): MessengerMessage => ({
  id,
  state: 1,
  readAt: null,
  createdAt: '2025-03-01T12:00:00Z',
  type: 'default',
  topic: 'operator',
  content: { title, body: `About ${title}`, link: null },
  ...over,
});

let messages: MessengerMessage[];
const unread = () => messages.filter((m) => m.state === 1).length;
beforeEach(() => {
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  messages = [
    message('m1', 'Deposit received', {
      type: 'success',
      content: {
        title: 'Deposit received',
        body: '€50.00 is on your balance',
        link: { url: '/profile/history', label: 'See your history' },
      },
    }),
    message('m2', 'Limit applied'),
    message('m3', 'Welcome', { state: 2, readAt: '2025-02-01T00:00:00Z' }),
  ];
  server.use(
    get('/api/notification/messenger/messages', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page'));
      const perPage = Number(query.get('perPage'));
      return reply(messengerListSchema, {
        data: messages.slice((page - 1) * perPage, page * perPage),
        meta: {
          page,
          perPage,
          totalPages: Math.ceil(messages.length / perPage),
          totalRows: messages.length,
          totalUnread: unread(),
        },
      });
    }),
    post('/api/notification/messenger/messages/read', async ({ request }) => {
      const { messageIds } = (await request.json()) as { messageIds: string[] };
      for (const m of messages)
        if (messageIds.includes(m.id)) Object.assign(m, { state: 2, readAt: '2025-03-02T00:00:00Z' });
      return reply(dataEnvelope(unreadCountSchema), { data: { totalUnread: unread() } });
    }),
    post('/api/notification/messenger/messages/read/all', () => {
      for (const m of messages) Object.assign(m, { state: 2, readAt: '2025-03-02T00:00:00Z' });
      return reply(dataEnvelope(unreadCountSchema), { data: { totalUnread: 0 } });
    }),
    del('/api/notification/messenger/messages', async ({ request }) => {
      const { messageIds } = (await request.json()) as { messageIds: string[] };
      messages = messages.filter((m) => !messageIds.includes(m.id));
      return reply(dataEnvelope(unreadCountSchema), { data: { totalUnread: unread() } });
    }),
  );
});

const renderPanel = () =>
  renderRouter(
    createMemoryRouter([{ path: '*', element: <NotificationsPanel /> }], {
      initialEntries: ['/profile/notifications'],
    }),
  );

const item = (title: string) => screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;

describe('the notifications tab', () => {
  it('lists the messages with their words, their link to a page of the site, and how many are unread', async () => {
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Deposit received' })).toBeInTheDocument();
    expect(screen.getByText('Notifications, 2 unread')).toBeInTheDocument();
    const deposit = item('Deposit received');
    expect(deposit).toHaveTextContent('€50.00 is on your balance');
    expect(within(deposit).getByRole('link', { name: 'See your history' })).toHaveAttribute('href', '/profile/history');
    // Only unread ones offer to be marked read.
    expect(within(deposit).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    expect(within(item('Welcome')).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });

  it('marking one read sends its id, and the list and the count follow', async () => {
    const sent = recordRequests();
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('heading', { name: 'Limit applied' });
    await user.click(within(item('Limit applied')).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('Notifications, 1 unread')).toBeInTheDocument();
    await expect.poll(() => within(item('Limit applied')).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/notification/messenger/messages/read',
    ]);
  });

  it('“mark all as read” leaves nothing unread and is then disabled', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await expect.poll(() => screen.queryAllByRole('button', { name: 'Mark as read' })).toEqual([]);
  });

  it('deleting a message removes it from the list', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Delete: Welcome' }));
    await expect.poll(() => screen.queryByRole('heading', { name: 'Welcome' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Deposit received' })).toBeInTheDocument();
  });

  it('pages through more than ten messages', async () => {
    messages = Array.from({ length: 12 }, (_, i) => message(`n${i + 1}`, `Message ${i + 1}`));
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Message 10' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Message 12' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Message 1' })).toBeNull();
  });

  it('says so when they cannot be loaded', async () => {
    server.use(
      get('/api/notification/messenger/messages', () => refuse(500, { code: 500, message: 'Internal error' })),
    );
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be loaded.');
  });
});
