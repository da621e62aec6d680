import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '../modules/game/__tests__/play-fixtures.ts';
import { createTestServer, PRODUCTION_ENV, type TestServer } from '../test/server.ts';

/** Page statuses a crawler or a link checker sees: a page of something that does not exist is a 404. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-web-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
const servers: TestServer[] = [];
const start = async (env: Record<string, string> = {}) => {
  const server = await createTestServer({ WEB_DIST: dist, ...env });
  servers.push(server);
  return server;
};
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  fs.rmSync(dist, { recursive: true, force: true });
});

const statusOf = async (server: TestServer, url: string) => {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.headers['content-type'], url).toContain('text/html');
  return response.statusCode;
};

describe('page statuses', () => {
  let plain: TestServer;
  beforeAll(async () => {
    // Loyalty is on by default: this server turns it off to see the page go.
    plain = await start({ LOYALTY_ENABLED: '0' });
  });

  it('loyalty and the sportsbook answer 404 while they are off, in every locale', async () => {
    for (const url of ['/loyalty', '/loyalty/', '/de/loyalty']) expect(await statusOf(plain, url), url).toBe(404);
    // Outside production the sandbox sportsbook is there; production without a provider has none.
    const production = await start({ ...PRODUCTION_ENV, WEB_DIST: dist });
    for (const url of ['/betting', '/pt-br/betting/']) expect(await statusOf(production, url), url).toBe(404);
    expect(await statusOf(plain, '/betting')).toBe(200);
  });

  it('a game page is a 404 for a game the catalogue does not have, a 200 for one it has', async () => {
    const game = await createGame(plain.ctx.db);
    await createGame(plain.ctx.db, { identity: 'switched-off', isEnabled: false });
    for (const url of ['/games/no-such-game', '/de/games/no-such-game/', `/games/${crypto.randomUUID()}`])
      expect(await statusOf(plain, url), url).toBe(404);
    // A switched-off game still has its page (it says it cannot be played), as the game API answers it.
    for (const url of [
      `/games/${game.identity}`,
      `/pt-br/games/${game.identity}/`,
      `/games/${game.id}`,
      '/games/switched-off',
    ])
      expect(await statusOf(plain, url), url).toBe(200);
  });

  it('loyalty and the sportsbook are pages when their settings turn them on', async () => {
    const on = await start({
      LOYALTY_ENABLED: '1',
      SPORTSBOOK_CLIENT_HOST: 'https://sportsbook.example',
      SPORTSBOOK_CLIENT_ID: 'casino',
    });
    for (const url of ['/loyalty', '/de/loyalty', '/betting']) expect(await statusOf(on, url), url).toBe(200);
    // One sportsbook setting alone is refused at start (config tests).
  });
});
