import { randomBytes } from 'node:crypto';

/**
 * The broker carries publications between nodes and keeps each channel's recent history
 * (a bounded, expiring stream identified by an epoch, with offsets counting up by one).
 * Memory (one node) and Redis (many nodes) implement it.
 */

export type StreamPosition = { offset: number; epoch: string };

export type BrokerPublication = { data: unknown; offset: number; epoch: string };

export type HistoryResult = {
  /** Oldest first. */
  publications: { data: unknown; offset: number }[];
  /** Current top of the stream. */
  offset: number;
  epoch: string;
  /** True only when `since` was given and every publication after it is returned. */
  recovered: boolean;
};

export type HistoryOptions = {
  /** Ask for everything after this position; served whole or not at all. */
  since?: StreamPosition;
  /** Without `since`: how many of the latest publications to return (default 0: only the top).
   *  With `since`: the most publications a recovery may return; more missing means not recovered. */
  limit?: number;
};

export type PublicationHandler = (pub: BrokerPublication) => void;

export interface Broker {
  /** Appends to the channel's history and fans out to every node. */
  publish(channel: string, data: unknown): Promise<{ offset: number; epoch: string }>;
  /** Publications after `since` if recoverable (same epoch and nothing missing), else { recovered:false }. Also the current top. */
  history(channel: string, opts: HistoryOptions): Promise<HistoryResult>;
  /** node-level interest; handler receives every publication of that channel on this node, in offset order */
  subscribe(channel: string, handler: PublicationHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type BrokerOptions = { historySize?: number; historyTtlMs?: number };

const DEFAULT_HISTORY_SIZE = 100;
const DEFAULT_HISTORY_TTL_MS = 10 * 60_000;
/**
 * How long a stream's epoch and top offset outlive its last publication. Longer than the
 * history TTL on purpose: a client away for longer than the history window must hear
 * "not recovered" (same epoch, publications gone), not silently start from a new epoch.
 */
const META_TTL_MS = 24 * 60 * 60_000;

/** The options with defaults and bounds applied, the same for both brokers. */
export function historyLimits(opts: BrokerOptions): { historySize: number; historyTtlMs: number; metaTtlMs: number } {
  const historySize = Math.max(0, opts.historySize ?? DEFAULT_HISTORY_SIZE);
  const historyTtlMs = Math.max(1, opts.historyTtlMs ?? DEFAULT_HISTORY_TTL_MS);
  return { historySize, historyTtlMs, metaTtlMs: Math.max(META_TTL_MS, historyTtlMs) };
}

/** Serialises like the wire will, so both brokers hand out the same shapes and a bad payload fails at publish time. */
export function toJson(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError('publication data must be JSON-serialisable');
  return json;
}

export function randomEpoch(): string {
  // Hex only: the Redis script splices it into a message without escaping.
  return randomBytes(4).toString('hex');
}
