/**
 * JSON codec of the Centrifuge client protocol v2: one WebSocket text
 * message holds one or more JSON objects, one per line; replies and pushes go back the same way.
 */
import type { ErrorBody } from './codes.ts';

export const METHODS = [
  'connect',
  'subscribe',
  'unsubscribe',
  'publish',
  'presence',
  'presence_stats',
  'history',
  'ping',
  'send',
  'rpc',
  'refresh',
  'sub_refresh',
] as const;
export type Method = (typeof METHODS)[number];

export type Params = Record<string, unknown>;

export type Command =
  /** A command with an id: the client waits for a reply. */
  | { kind: 'request'; id: number; method: Method; params: Params }
  /** Fire-and-forget `send`; never answered. */
  | { kind: 'send' }
  /** No id and no `send`: the client's answer to our ping (the Go library classifies it the same way). */
  | { kind: 'pong' }
  /** Not JSON, not an object, a bad id or no known method: the connection gets 3501. */
  | { kind: 'invalid' };

const MAX_ID = 0xffff_ffff;

export function splitFrame(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line !== '') lines.push(line);
  }
  return lines;
}

export function decodeCommand(line: string): Command {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'invalid' };
  }
  if (!isPlainObject(value)) return { kind: 'invalid' };
  const id = value['id'];
  if (id === undefined || id === 0) return value['send'] !== undefined ? { kind: 'send' } : { kind: 'pong' };
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) return { kind: 'invalid' };
  for (const method of METHODS) {
    const params = value[method];
    if (params === undefined) continue;
    // Unknown or absent fields inside params are fine (the client protocol asks servers to ignore them), but params itself must be an object.
    if (!isPlainObject(params)) return { kind: 'invalid' };
    if (method === 'send') return { kind: 'send' };
    return { kind: 'request', id, method, params };
  }
  return { kind: 'invalid' };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function encodeReply(id: number, method: Method, result: object): string {
  return JSON.stringify({ id, [method]: result });
}

export function encodeError(id: number, error: ErrorBody): string {
  return JSON.stringify({ id, error });
}

/** An empty reply without id is a server ping in protocol v2. */
export const PING = '{}';

export function encodePublication(channel: string, pub: { data: unknown; offset: number }): string {
  return JSON.stringify({ push: { channel, pub: { data: pub.data, offset: pub.offset } } });
}

/**
 * A whole server-to-client WebSocket text message (FIN, opcode 1, unmasked; no extension is ever
 * negotiated): a publication is framed once per node and the same bytes go to every subscriber.
 */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const n = payload.length;
  const header = n < 126 ? Buffer.from([0x81, n]) : n < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (n >= 126 && n < 65_536) {
    header[0] = 0x81;
    header[1] = 126;
    header.writeUInt16BE(n, 2);
  } else if (n >= 65_536) {
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([header, payload]);
}

export function encodeUnsubscribePush(channel: string, code: number, reason: string): string {
  return JSON.stringify({ push: { channel, unsubscribe: { code, reason } } });
}
