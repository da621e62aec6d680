import {
  CURRENCY_SEEDS,
  InvoiceStatus,
  LimitDefinition,
  PushEvent,
  formatMoney,
  type KycState,
  type PlayerDocument,
} from '@casino/contracts';
import type { Tx } from '../../db/client.ts';
import type { OutboxConsumers, OutboxRow } from '../../outbox/index.ts';
import { LIMIT_CHANGE_EVENT, type LimitChangedEvent } from '../limits/index.ts';
import { localeOf } from '../player/index.ts';
import { postMessage } from './service.ts';
import { limitName, write, type Topic } from './texts.ts';

/** The player a `<namespace>#<playerId>` channel belongs to. */
const ownerOf = (row: OutboxRow) => row.channel?.split('#')[1] ?? null;

type Invoice = { status: number; amount: number; currency: string; statusResult: string };

/** An amount as the site shows it in the player's language (€50.00, 50,00 €, 1.5 mBTC). */
const money = (amount: number | string, currency: string, locale: string) =>
  formatMoney(
    Number(amount),
    currency,
    CURRENCY_SEEDS.find((seed) => seed.code === currency),
    locale,
  );

function invoiceTopic(row: OutboxRow, locale: string): Topic | null {
  const invoice = (row.payload as { invoice?: Invoice }).invoice;
  if (!invoice) return null;
  const amount = money(invoice.amount, invoice.currency, locale);
  const deposit = row.event === 'invoice.deposit.updated';
  if (invoice.status === InvoiceStatus.success)
    return { kind: deposit ? 'depositSucceeded' : 'withdrawalPaid', amount };
  if (invoice.status !== InvoiceStatus.failed) return null;
  // The player's own cancellation needs no message to tell them of it.
  if (!deposit && invoice.statusResult === 'Cancelled by you') return null;
  return { kind: deposit ? 'depositFailed' : 'withdrawalFailed', amount };
}

function limitTopic(event: LimitChangedEvent, locale: string): Topic | null {
  const limit = limitName(event.definition, event.period, locale);
  const amount = event.amount === null || event.currency === null ? null : money(event.amount, event.currency, locale);
  switch (event.kind) {
    case 'excluded':
      return {
        kind: 'excluded',
        selfExclusion: event.definition === LimitDefinition.selfExclusion,
        until: event.until,
      };
    case 'applied':
      return { kind: 'limitApplied', limit, amount };
    case 'added':
    case 'decreased':
      return { kind: 'limitSet', limit, amount };
    case 'requested':
      return { kind: 'limitRequested', limit, amount };
    case 'confirmed':
      return event.until ? { kind: 'limitConfirmed', until: event.until } : null;
    case 'cancelled':
      return { kind: 'limitCancelled', limit };
  }
}

/**
 * Domain events become messenger messages, written in the dispatcher's transaction: a crash before
 * it commits delivers the event again and the message with it, never one without the other.
 */
export function registerMessengerConsumers(consumers: OutboxConsumers): () => void {
  const post = async (tx: Tx, playerId: string | null, topicOf: (locale: string) => Topic | null, source: string) => {
    if (!playerId) return;
    const locale = await localeOf(tx, playerId);
    const topic = topicOf(locale);
    if (topic) await postMessage(tx, playerId, write(topic, locale), source);
  };
  const stops = [
    consumers.register('invoice.deposit.updated', (row, tx) =>
      post(tx, ownerOf(row), (locale) => invoiceTopic(row, locale), row.event),
    ),
    consumers.register('invoice.withdrawal.updated', (row, tx) =>
      post(tx, ownerOf(row), (locale) => invoiceTopic(row, locale), row.event),
    ),
    consumers.register(PushEvent.documentUpdated, (row, tx) => {
      const document = (row.payload as { document?: PlayerDocument }).document;
      return post(
        tx,
        ownerOf(row),
        () =>
          document?.status === 2
            ? { kind: 'documentApproved', reason: null }
            : document?.status === 3
              ? { kind: 'documentRejected', reason: document.reason ?? null }
              : null,
        row.event,
      );
    }),
    consumers.register(PushEvent.verificationUpdated, (row, tx) => {
      const state = (row.payload as { state?: KycState }).state;
      return post(
        tx,
        ownerOf(row),
        () =>
          state?.status === 'approved'
            ? { kind: 'verificationApproved', reason: null }
            : state?.status === 'rejected'
              ? { kind: 'verificationRejected', reason: state.reason }
              : null,
        row.event,
      );
    }),
    consumers.register(LIMIT_CHANGE_EVENT, (row, tx) => {
      const event = row.payload as unknown as LimitChangedEvent;
      return post(tx, event.playerId, (locale) => limitTopic(event, locale), `limits.${event.kind}`);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
