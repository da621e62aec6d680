import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSubscribe } from '../../../push/channel-policy.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { createGame } from '../../game/__tests__/play-fixtures.ts';
import { running } from './helpers.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-web-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const statusOf = async (url: string) => (await server.app.inject({ method: 'GET', url })).statusCode;

describe('the tournament page', () => {
  it('is a 200 for a tournament that exists (by identity or id, in any locale) and a 404 otherwise', async () => {
    const game = await createGame(server.ctx.db);
    const t = await running(server, { games: [game.id] });
    for (const url of [`/tournaments/${t.identity}`, `/de/tournaments/${t.identity}/`, `/tournaments/${t.id}`])
      expect(await statusOf(url), url).toBe(200);
    for (const url of ['/tournaments/no-such-race', `/pt-br/tournaments/${crypto.randomUUID()}`])
      expect(await statusOf(url), url).toBe(404);
    // The bare path stays a page (the app sends it home).
    expect(await statusOf('/tournaments')).toBe(200);
  });
});

describe('tournament channels', () => {
  it('let anyone follow a leaderboard and only its player their own entry', () => {
    const id = crypto.randomUUID();
    const player = crypto.randomUUID();
    expect(checkSubscribe(`tournaments:${id}`, '')).toEqual({ ok: true });
    expect(checkSubscribe('tournaments', '')).toEqual({ ok: true });
    expect(checkSubscribe(`tournaments:${id}#${player}`, player)).toEqual({ ok: true });
    expect(checkSubscribe(`tournaments:${id}#${player}`, crypto.randomUUID()).ok).toBe(false);
    expect(checkSubscribe(`tournaments:${id}#${player}`, '').ok).toBe(false);
    expect(checkSubscribe('tournaments:not-an-id', '').ok).toBe(false);
  });
});
