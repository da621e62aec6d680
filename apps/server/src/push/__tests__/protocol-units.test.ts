import { describe, expect, it } from 'vitest';
import { checkSubscribe, namespaceOf } from '../channel-policy.ts';
import { WebSocket, WebSocketServer } from 'ws';
import { decodeCommand, encodePublication, splitFrame, textFrame } from '../codec.ts';
import { ErrorCode, closeReason, errorBody } from '../codes.ts';

describe('codec', () => {
  it('splits a frame on newlines and skips blank lines', () => {
    expect(splitFrame('{"id":1,"connect":{}}\n\n  {}  \n')).toEqual(['{"id":1,"connect":{}}', '{}']);
  });

  it('classifies commands the way the Go server does', () => {
    expect(decodeCommand('{"id":1,"connect":{"token":"t","flag":3}}')).toEqual({
      kind: 'request',
      id: 1,
      method: 'connect',
      params: { token: 't', flag: 3 },
    });
    expect(decodeCommand('{}')).toEqual({ kind: 'pong' });
    expect(decodeCommand('{"id":0}')).toEqual({ kind: 'pong' });
    expect(decodeCommand('{"send":{"data":{}}}')).toEqual({ kind: 'send' });
    expect(decodeCommand('{"id":3,"presence_stats":{"channel":"c"}}')).toMatchObject({ method: 'presence_stats' });
    for (const bad of [
      'nope',
      '[]',
      '1',
      '{"id":-1,"connect":{}}',
      '{"id":1.5,"connect":{}}',
      '{"id":"1","connect":{}}',
      '{"id":2}',
      '{"id":2,"connect":"x"}',
      '{"id":2,"frob":{}}',
    ]) {
      expect(decodeCommand(bad), bad).toEqual({ kind: 'invalid' });
    }
  });

  it('writes publication data as raw JSON', () => {
    expect(JSON.parse(encodePublication('c', { data: { a: [1] }, offset: 4 }))).toEqual({
      push: { channel: 'c', pub: { data: { a: [1] }, offset: 4 } },
    });
  });
});

describe('shared publication frame', () => {
  it('written straight to the socket, is a text message a WebSocket client reads whole, at every length encoding', async () => {
    const lengths = [0, 125, 126, 65_535, 65_536, 200_000];
    const texts = lengths.map((n) => 'é'.repeat(Math.floor(n / 2)) + 'x'.repeat(n % 2));
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (_ws, request) => {
      for (const text of texts) request.socket.write(textFrame(text));
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const received: { text: string; isBinary: boolean }[] = [];
    await new Promise<void>((resolve) =>
      client.on('message', (data: Buffer, isBinary: boolean) => {
        received.push({ text: data.toString('utf8'), isBinary });
        if (received.length === texts.length) resolve();
      }),
    );
    client.close();
    server.close();
    expect(received).toEqual(texts.map((text) => ({ text, isBinary: false })));
  });
});

describe('codes', () => {
  it('flags exactly 100 and 111 as temporary', () => {
    for (const code of Object.values(ErrorCode)) {
      const body = errorBody(code);
      expect(body.code).toBe(code);
      expect(body.message).not.toBe('');
      expect(body.temporary === true, String(code)).toBe(code === 100 || code === 111);
    }
  });

  it('keeps close reasons short plain text', () => {
    expect(closeReason('invalid token')).toBe('invalid token');
    expect(closeReason('')).toBe('disconnect');
    expect(closeReason('{"reason":"x","reconnect":true}')).toBe('disconnect');
    expect(closeReason('42')).toBe('disconnect');
    expect(Buffer.byteLength(closeReason('é'.repeat(200)))).toBeLessThanOrEqual(123);
  });
});

describe('channel policy', () => {
  it('resolves namespaces like Centrifugo', () => {
    expect(namespaceOf('wallet:accounts#1')).toBe('wallet');
    expect(namespaceOf('tournaments')).toBe('');
  });

  it('limits user channels to their owner and opens public ones to all', () => {
    expect(checkSubscribe('wallet:accounts#42', '42')).toEqual({ ok: true });
    expect(checkSubscribe('bonus:player-freespins#42', '42')).toEqual({ ok: true });
    expect(checkSubscribe('wallet:accounts#42', '43')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('wallet:accounts#42#43', '43')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('wallet:accounts#', '')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('wallet:accounts', '42')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('tournaments', '')).toEqual({ ok: true });
    expect(checkSubscribe('global:online', '')).toEqual({ ok: true });
    expect(checkSubscribe('game:winners:mobile:DE', '')).toEqual({ ok: true });
    expect(checkSubscribe('game:winners:tv:DE', '')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('game:bets', '42')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('global:secret', '42')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('something', '42')).toEqual({ ok: false, code: 103 });
    expect(checkSubscribe('admin:all', '42')).toEqual({ ok: false, code: 102 });
    expect(checkSubscribe(`wallet:accounts#${'1'.repeat(300)}`, '1'.repeat(300))).toEqual({ ok: false, code: 107 });
  });
});
