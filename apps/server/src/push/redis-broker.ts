/**
 * Multi-node broker on Redis, after the design of Centrifuge's Go Redis broker: one Lua script
 * per publish creates the epoch, bumps the offset, appends to a capped expiring stream and
 * PUBLISHes, atomically, so offset order and live order always agree. Each node keeps one
 * command connection and one subscriber connection, subscribed to the channels it has local
 * listeners for.
 */
import type { Redis } from 'ioredis';
import { quietRedis, type RedisConnect } from '../lib/redis.ts';
import {
  type Broker,
  type BrokerOptions,
  type BrokerPublication,
  type HistoryOptions,
  type HistoryResult,
  type PublicationHandler,
  type StreamPosition,
  historyLimits,
  randomEpoch,
  toJson,
} from './broker.ts';

export type RedisBrokerOptions = BrokerOptions & { prefix?: string };

// A fresh epoch also drops a stream left from the old one: its ids would be above the restarted offsets.
const PUBLISH_LUA = `
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[5]
  redis.call('hset', KEYS[2], 'e', epoch)
  redis.call('del', KEYS[1])
end
local offset = redis.call('hincrby', KEYS[2], 's', 1)
redis.call('pexpire', KEYS[2], ARGV[4])
if tonumber(ARGV[2]) > 0 then
  redis.call('xadd', KEYS[1], 'MAXLEN', ARGV[2], offset .. '-0', 'd', ARGV[1])
  redis.call('pexpire', KEYS[1], ARGV[3])
end
redis.call('publish', ARGV[6], offset .. ':' .. epoch .. ':' .. ARGV[1])
return {offset, epoch}
`;

// Reads epoch, top and the wanted entries in one step, so they describe the same moment.
const HISTORY_LUA = `
local epoch = redis.call('hget', KEYS[2], 'e')
if not epoch then
  epoch = ARGV[1]
  redis.call('hset', KEYS[2], 'e', epoch)
  redis.call('del', KEYS[1])
end
redis.call('pexpire', KEYS[2], ARGV[2])
local top = tonumber(redis.call('hget', KEYS[2], 's')) or 0
local limit = tonumber(ARGV[5])
local entries = {}
if ARGV[3] == '' then
  if limit > 0 then
    entries = redis.call('xrevrange', KEYS[1], '+', '-', 'COUNT', limit)
  end
else
  local since = tonumber(ARGV[3])
  if ARGV[4] == epoch and since < top and top - since <= limit then
    entries = redis.call('xrange', KEYS[1], (since + 1) .. '-0', '+', 'COUNT', top - since)
  end
end
return {top, epoch, entries}
`;

type ScriptCall = (...args: (string | number)[]) => Promise<unknown>;
type StreamEntry = [id: string, fields: string[]];

/**
 * A channel this node listens to. `last`: the newest publication handed to its handlers; `held`:
 * live ones that arrived while the node was reading the stream after a reconnect (`catchingUp`).
 */
type Interest = {
  handlers: Set<PublicationHandler>;
  ready: Promise<void>;
  last: StreamPosition | null;
  catchingUp: boolean;
  held: BrokerPublication[];
};

/** The listening side of one broker: its subscriber connection, its channels, and how it reads a stream. */
type Listening = {
  subscriber: Redis;
  pubsubPrefix: string;
  interests: Map<string, Interest>;
  historySize: number;
  history: Broker['history'];
};

/** `redis`: the URL, or how this process connects (lib/redis.ts: one log line per outage). */
export function createRedisBroker(redis: string | RedisConnect, opts: RedisBrokerOptions = {}): Broker {
  const connect = typeof redis === 'string' ? quietRedis(redis) : redis;
  const { historySize, historyTtlMs, metaTtlMs } = historyLimits(opts);
  const prefix = opts.prefix ?? 'push:';
  const streamKey = (channel: string): string => `${prefix}{${channel}}:stream`;
  const metaKey = (channel: string): string => `${prefix}{${channel}}:meta`;
  const pubsubPrefix = `${prefix}pub:`;

  // The broker's callers see failures as rejections.
  const commands = connect('push commands');
  // A connection in subscriber mode can run nothing else, hence the second one.
  const subscriber = connect('push subscriber');
  commands.defineCommand('pushPublish', { numberOfKeys: 2, lua: PUBLISH_LUA });
  commands.defineCommand('pushHistory', { numberOfKeys: 2, lua: HISTORY_LUA });
  const publishScript = scriptOf(commands, 'pushPublish');
  const historyScript = scriptOf(commands, 'pushHistory');

  const interests = new Map<string, Interest>();
  const listening: Listening = {
    subscriber,
    pubsubPrefix,
    interests,
    historySize,
    history: (channel, options) => broker.history(channel, options),
  };
  listen(listening);

  const broker: Broker = {
    async publish(channel, data) {
      const json = toJson(data);
      const reply = await publishScript(
        streamKey(channel),
        metaKey(channel),
        json,
        historySize,
        historyTtlMs,
        metaTtlMs,
        randomEpoch(),
        pubsubPrefix + channel,
      );
      const [offset, epoch] = reply as [number, string];
      return { offset: Number(offset), epoch: String(epoch) };
    },

    async history(channel, { since, limit }: HistoryOptions): Promise<HistoryResult> {
      const max = Math.max(0, limit ?? (since ? Number.MAX_SAFE_INTEGER : 0));
      const reply = (await historyScript(
        streamKey(channel),
        metaKey(channel),
        randomEpoch(),
        metaTtlMs,
        since ? String(since.offset) : '',
        since?.epoch ?? '',
        max,
      )) as [number, string, StreamEntry[]];
      return historyOf(reply, since, max);
    },

    subscribe(channel, handler) {
      return addInterest(listening, channel, handler);
    },

    async close() {
      interests.clear();
      // QUIT lets queued commands finish; a dead server must not hold shutdown hostage.
      const quit = Promise.allSettled([commands.quit(), subscriber.quit()]);
      await Promise.race([quit, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      commands.disconnect();
      subscriber.disconnect();
    },
  };
  return broker;
}

/** The history script's answer as the broker hands it out: recovered only with every publication after `since`. */
function historyOf(
  reply: [number, string, StreamEntry[]],
  since: StreamPosition | undefined,
  max: number,
): HistoryResult {
  const top = Number(reply[0]);
  const epoch = String(reply[1]);
  const entries = reply[2].map(decodeEntry);
  const base = { offset: top, epoch };
  if (!since) return { ...base, publications: entries.toReversed(), recovered: false };
  const missing = top - since.offset;
  const recovered =
    since.epoch === epoch &&
    missing >= 0 &&
    missing <= max &&
    entries.length === missing &&
    (missing === 0 || entries[0]?.offset === since.offset + 1);
  return { ...base, publications: recovered ? entries : [], recovered };
}

/**
 * Hands each live publication to its channel's handlers (held back while the channel catches up), and
 * has every channel catch up after the subscriber reconnects.
 */
function listen(listening: Listening): void {
  const { subscriber, pubsubPrefix, interests } = listening;
  subscriber.on('message', (redisChannel: string, message: string) => {
    if (!redisChannel.startsWith(pubsubPrefix)) return;
    const interest = interests.get(redisChannel.slice(pubsubPrefix.length));
    if (!interest) return;
    const pub = parseMessage(message);
    if (!pub) return;
    if (interest.catchingUp) interest.held.push(pub);
    else deliver(interest, pub);
  });

  // ioredis subscribes again by itself on reconnect; the first `ready` is the first connection.
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    for (const [channel, interest] of interests) void catchUp(listening, channel, interest);
  });
}

/** Hands a publication to the channel's handlers, unless they had it already. */
function deliver(interest: Interest, pub: BrokerPublication): void {
  const { last } = interest;
  // Read from the stream and heard live too: once is enough.
  if (last && pub.epoch === last.epoch && pub.offset <= last.offset) return;
  interest.last = { offset: pub.offset, epoch: pub.epoch };
  for (const handler of [...interest.handlers]) {
    try {
      handler(pub);
    } catch {
      // One faulty listener must not starve the others.
    }
  }
}

/**
 * What this node missed while its subscriber was away (Redis restarted, the network dropped): PUB/SUB
 * keeps nothing for an absent listener, but every publication is in its channel's stream. After a
 * reconnect each channel reads the stream from the last publication it handed on, and hands on the
 * rest in order; if the stream began anew (Redis restarted empty) it hands on the new stream from its
 * first publication, and the sessions tell their clients the old history is gone.
 */
async function catchUp(listening: Listening, channel: string, interest: Interest): Promise<void> {
  const { subscriber, pubsubPrefix, interests, historySize } = listening;
  const since = interest.last;
  if (!since || interest.catchingUp) return;
  interest.catchingUp = true;
  try {
    // Listening again before reading, so nothing published in between falls through (a second
    // SUBSCRIBE of a channel is harmless, and its answer means the first one holds).
    if (interests.get(channel) !== interest) return;
    await subscriber.subscribe(pubsubPrefix + channel);
    let missed = await listening.history(channel, { since, limit: historySize });
    if (!missed.recovered && missed.epoch !== since.epoch) {
      const fresh = await listening.history(channel, { limit: historySize });
      missed = fresh.publications[0]?.offset === 1 ? fresh : { ...fresh, publications: [] };
    }
    for (const pub of missed.publications) deliver(interest, { ...pub, epoch: missed.epoch });
  } catch {
    // Away again: the next reconnect reads the stream again.
  } finally {
    interest.catchingUp = false;
    for (const pub of interest.held.splice(0)) deliver(interest, pub);
  }
}

/** The broker's `subscribe`: one SUBSCRIBE per channel, however many local handlers it has. */
async function addInterest(
  listening: Listening,
  channel: string,
  handler: PublicationHandler,
): Promise<() => Promise<void>> {
  const { subscriber, pubsubPrefix, interests } = listening;
  let interest = interests.get(channel);
  if (!interest) {
    const created: Interest = {
      handlers: new Set(),
      ready: subscriber.subscribe(pubsubPrefix + channel).then(() => undefined),
      last: null,
      catchingUp: false,
      held: [],
    };
    interests.set(channel, created);
    interest = created;
  }
  const current = interest;
  current.handlers.add(handler);
  try {
    await current.ready;
  } catch (err) {
    current.handlers.delete(handler);
    if (current.handlers.size === 0 && interests.get(channel) === current) interests.delete(channel);
    throw err;
  }
  return async () => {
    if (!current.handlers.delete(handler) || current.handlers.size > 0) return;
    if (interests.get(channel) !== current) return;
    interests.delete(channel);
    // Sent on the same connection after any earlier SUBSCRIBE, so a quick re-subscribe still wins.
    await subscriber.unsubscribe(pubsubPrefix + channel);
  };
}

function scriptOf(redis: Redis, name: string): ScriptCall {
  const fn = (redis as unknown as Record<string, ScriptCall | undefined>)[name];
  if (!fn) throw new Error(`redis script ${name} not defined`);
  return fn.bind(redis);
}

function decodeEntry([id, fields]: StreamEntry): { data: unknown; offset: number } {
  const dataIndex = fields.indexOf('d');
  const json = dataIndex === -1 ? 'null' : (fields[dataIndex + 1] ?? 'null');
  return { data: JSON.parse(json) as unknown, offset: Number(id.slice(0, id.indexOf('-'))) };
}

/** `<offset>:<epoch>:<json>`, as written by the publish script. */
function parseMessage(message: string): BrokerPublication | null {
  const first = message.indexOf(':');
  const second = message.indexOf(':', first + 1);
  if (first === -1 || second === -1) return null;
  try {
    return {
      offset: Number(message.slice(0, first)),
      epoch: message.slice(first + 1, second),
      data: JSON.parse(message.slice(second + 1)) as unknown,
    };
  } catch {
    return null;
  }
}
