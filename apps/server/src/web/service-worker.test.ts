import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/server.ts';

/** What a browser needs to keep the service worker and the build manifest fresh (apps/web/build/sw.js). */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-web-sw-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
};
write('index.html', '<!doctype html><title>app</title><meta name="build-id" content="v1" /><div id="root"></div>');
write('sw.js', "const VERSION = 'v1';\nself.addEventListener('fetch', () => {});\n");
write('builds/latest.json', '{"version":"v1"}\n');
write('offline.html', '<!doctype html><title>Offline</title><script src="/offline.js"></script>');
write('manifest.webmanifest', '{"name":"Lumen Casino"}');
write('assets/index-abc123.js', 'export {};');

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('the service worker and the build manifest', () => {
  it('serves /sw.js as a script that browsers always revalidate (a deploy reaches open tabs)', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain("VERSION = 'v1'");
  });

  it('serves the build manifest uncached, with the version of what is on disk now', async () => {
    const response = await get('/builds/latest.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ version: 'v1' });
    // A deploy replaces the files under a running server: the next poll sees the new version.
    write('builds/latest.json', '{"version":"v2"}\n');
    expect((await get('/builds/latest.json')).json()).toEqual({ version: 'v2' });
  });

  it('serves the offline page and the manifest uncached, hashed assets for a year', async () => {
    const offline = await get('/offline.html');
    expect(offline.headers['content-type']).toContain('text/html');
    expect(offline.headers['cache-control']).toBe('no-cache');
    // The page's script is a file of the site, which the page policy allows.
    expect(offline.headers['content-security-policy']).toContain("script-src 'self'");
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['content-security-policy']).toContain("manifest-src 'self'");
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('allows the worker in the page policy', async () => {
    const page = await get('/');
    expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
  });
});
