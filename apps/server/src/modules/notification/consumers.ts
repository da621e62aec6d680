import {
  BonusResult,
  FreespinResult,
  CURRENCY_SEEDS,
  toMajor,
  type EventMap,
  LimitDefinition,
  PushEvent,
  formatMoney,
  type LimitChangedEvent,
} from '@casino/contracts';
import type { Tx } from '../../db/client.ts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import { localeOf } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { postMessage } from './service.ts';
import { limitName, write, type Topic } from './texts.ts';

/** An amount as the site shows it in the player's language (€50.00, 50,00 €, 1.5 mBTC). */
const money = (amount: number | string, currency: string, locale: string) =>
  formatMoney(
    Number(amount),
    currency,
    CURRENCY_SEEDS.find((seed) => seed.code === currency),
    locale,
  );

function invoiceTopic(invoice: EventMap['payment.withdrawal.updated'], deposit: boolean, locale: string): Topic | null {
  const amount = money(toMajorText(invoice.amountMinor, invoice.currency), invoice.currency, locale);
  if (invoice.state === 'succeeded') return { kind: deposit ? 'depositSucceeded' : 'withdrawalPaid', amount };
  if (invoice.state !== 'failed' && invoice.state !== 'declined') return null;
  // The player's own cancellation needs no message to tell them of it.
  if (!deposit && invoice.statusResult === 'Cancelled by you') return null;
  return { kind: deposit ? 'depositFailed' : 'withdrawalFailed', amount };
}

/** The messenger notice of a bonus change (progress makes none). */
function bonusTopic(bonus: EventMap['bonus.updated']) {
  if (bonus.change === 'issued') return 'bonusIssued' as const;
  if (bonus.change === 'activated') return 'bonusActivated' as const;
  if (bonus.change !== 'finished') return null;
  if (bonus.reason === 'deposit-staked') return 'bonusLapsed' as const;
  const byResult = {
    [BonusResult.played]: 'bonusWagered',
    [BonusResult.canceled]: 'bonusCancelled',
    [BonusResult.expired]: 'bonusExpired',
    [BonusResult.lost]: 'bonusLost',
  } as const;
  return byResult[bonus.result as keyof typeof byResult] ?? null;
}

/** The messenger notice of a change of free spins (a spin makes none). */
function freespinsTopic(change: EventMap['freespins.updated']) {
  if (change.change === 'issued') return 'freespinsIssued' as const;
  if (change.change === 'activated') return 'freespinsActivated' as const;
  if (change.change !== 'finished') return null;
  const byResult = {
    [FreespinResult.played]: 'freespinsPlayed',
    [FreespinResult.canceled]: 'freespinsCancelled',
    [FreespinResult.expired]: 'freespinsExpired',
  } as const;
  return byResult[change.result as keyof typeof byResult] ?? null;
}

/** Minor units as a major-unit number for formatting. */
const toMajorText = (minor: string, currency: string) => toMajor(BigInt(minor), subunitOf(currency));

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

/** The messenger notice of a reviewed document (an upload or a pending review makes none). */
function documentTopic(document: EventMap['documents.updated']['document']): Topic | null {
  return document.status === 2
    ? { kind: 'documentApproved', reason: null }
    : document.status === 3
      ? { kind: 'documentRejected', reason: document.reason ?? null }
      : null;
}

/** The messenger notice of a decided identity verification (other states make none). */
function verificationTopic(state: EventMap['kyc.verification.updated']['state']): Topic | null {
  return state.status === 'approved'
    ? { kind: 'verificationApproved', reason: null }
    : state.status === 'rejected'
      ? { kind: 'verificationRejected', reason: state.reason }
      : null;
}

/** Posts the topic's message in the player's language, with its source; no topic, no message. */
async function post(tx: Tx, playerId: string, topicOf: (locale: string) => Topic | null, source: string) {
  const locale = await localeOf(tx, playerId);
  const topic = topicOf(locale);
  if (topic) await postMessage(tx, playerId, write(topic, locale), source);
}

/**
 * Domain events become messenger messages, written in the lane's transaction: a crash before it
 * commits hands the event over again and the message with it, never one without the other. Each
 * message keeps the source it always had (its topic on the wire comes from it).
 */
export function registerMessengerConsumers(consumers: OutboxConsumers): () => void {
  return consumers.register({
    name: 'notifications',
    startFrom: 'beginning',
    handlers: {
      'payment.deposit.updated': ({ payload }, tx) =>
        post(tx, payload.playerId, (locale) => invoiceTopic(payload, true, locale), PushEvent.invoiceDepositUpdated),
      'payment.withdrawal.updated': ({ payload }, tx) =>
        post(
          tx,
          payload.playerId,
          (locale) => invoiceTopic(payload, false, locale),
          PushEvent.invoiceWithdrawalUpdated,
        ),
      'documents.updated': ({ payload: { playerId, document } }, tx) =>
        post(tx, playerId, () => documentTopic(document), PushEvent.documentUpdated),
      // Progress makes no notice: the lane passes it without reading the player's language.
      'bonus.updated': async ({ payload: bonus }, tx) => {
        const kind = bonusTopic(bonus);
        if (!kind) return;
        await post(
          tx,
          bonus.playerId,
          (locale) => ({
            kind,
            name: bonus.name,
            amount: money(toMajorText(bonus.amount, bonus.currency), bonus.currency, locale),
          }),
          PushEvent.playerBonusUpdated,
        );
      },
      'bonus.deposit.missed': ({ payload: missed }, tx) =>
        post(
          tx,
          missed.playerId,
          (locale) => ({
            kind: 'depositBonusMissed',
            name: missed.name,
            paid: money(toMajorText(missed.paid, missed.currency), missed.currency, locale),
            below: missed.reason === 'below',
            limit: money(toMajorText(missed.limit, missed.currency), missed.currency, locale),
          }),
          PushEvent.playerBonusUpdated,
        ),
      'freespins.updated': async ({ payload: change }, tx) => {
        const kind = freespinsTopic(change);
        if (!kind) return;
        await post(
          tx,
          change.playerId,
          (locale) => ({
            kind,
            name: change.name,
            count: change.count,
            win:
              BigInt(change.win) > 0n ? money(toMajorText(change.win, change.currency), change.currency, locale) : null,
          }),
          PushEvent.playerFreespinUpdated,
        );
      },
      'kyc.verification.updated': ({ payload: { playerId, state } }, tx) =>
        post(tx, playerId, () => verificationTopic(state), PushEvent.verificationUpdated),
      'limits.changed': ({ payload: event }, tx) =>
        post(tx, event.playerId, (locale) => limitTopic(event, locale), `limits.${event.kind}`),
    },
  });
}
