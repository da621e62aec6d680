import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { importContent } from '../index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('content', () => {
  it('serves the bundled terms as blocks, with cache headers, in the default locale when untranslated', async () => {
    const response = await get('/api/content/static/terms?locale=de');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=300');
    const page = response.json().data;
    expect(page).toMatchObject({ identity: 'terms', locale: 'en', title: 'Terms and Conditions' });
    expect(page.blocks[0]).toEqual({ type: 'heading', level: 1, children: [{ text: 'Terms and Conditions' }] });
    expect(page.blocks.some((b: { type: string }) => b.type === 'list')).toBe(true);
    const about = (await get('/api/content/static/about?locale=de')).json().data;
    expect(about).toMatchObject({ locale: 'de', title: 'Über uns und Lizenz', locales: ['de', 'en', 'pt-br'] });
  });

  it('serves the bonus terms with the rules players read, in English, German and Portuguese', async () => {
    const expected = {
      en: ['Bonus Terms', 'lapses as soon as money is staked', 'the smaller of its stake and what it won or lost'],
      de: [
        'Bonusbedingungen',
        'verfällt, sobald vorher Geld',
        'der kleinere Betrag aus Einsatz und Gewinn oder Verlust',
      ],
      'pt-br': [
        'Termos de bônus',
        'caduca assim que houver uma aposta',
        'o menor valor entre a aposta e o que ela ganhou ou perdeu',
      ],
    };
    for (const [locale, [title, ...phrases]] of Object.entries(expected)) {
      const page = (await get(`/api/content/static/bonus-terms?locale=${locale}`)).json().data;
      expect(page).toMatchObject({ locale, title });
      const text = JSON.stringify(page.blocks);
      for (const phrase of phrases) expect(text).toContain(phrase);
      // The rules the server enforces, each under its heading: money order to account closure.
      expect(
        page.blocks.filter((b: { type: string; level?: number }) => b.type === 'heading' && b.level === 2),
      ).toHaveLength(10);
    }
  });

  it('lists at least 20 help-centre questions in five categories, translated where a translation exists', async () => {
    const list = (await get('/api/content/question?locale=de')).json().data as {
      identity: string;
      locale: string;
      category: string;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(new Set(list.map((q) => q.category))).toEqual(
      new Set(['account', 'payments', 'limits', 'games', 'bonuses']),
    );
    expect(list.find((q) => q.identity === 'take-a-break')?.locale).toBe('de');
    expect(list.find((q) => q.identity === 'wagering')?.locale).toBe('en');
  });

  it('answers 404 for an unknown page and 422 for a bad identity or area', async () => {
    expect((await get('/api/content/static/nope')).statusCode).toBe(404);
    expect((await get('/api/content/static/..%2Fetc')).statusCode).toBe(422);
    expect((await get('/api/content/other/terms')).statusCode).toBe(422);
    expect((await get('/api/content/static/terms?locale=%00')).statusCode).toBe(422);
  });

  it('imports a folder: scripts stay text, unsafe links lose their address, unchanged files are not rewritten', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
    fs.mkdirSync(path.join(dir, 'en', 'static'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'en', 'static', 'test-page.md'),
      '---\ntitle: Test\n---\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](/static/terms)\n',
    );
    expect(await importContent(server.ctx.db, dir)).toEqual({ written: 1, files: 1 });
    expect(await importContent(server.ctx.db, dir)).toEqual({ written: 0, files: 1 });
    const page = (await get('/api/content/static/test-page')).json().data;
    expect(page.blocks[0]).toEqual({ type: 'paragraph', children: [{ text: '<script>alert(1)</script>' }] });
    expect(page.blocks[1].children).toEqual([{ text: 'x' }, { text: ' ' }, { text: 'y', href: '/static/terms' }]);
    fs.writeFileSync(path.join(dir, 'en', 'static', 'Bad Name.md'), '---\ntitle: x\n---\n');
    await expect(importContent(server.ctx.db, dir)).rejects.toThrow(/not a page identity/);
  });
});

describe('search engines', () => {
  it('robots.txt points to a sitemap of content pages (with hreflang), collections and games', async () => {
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/static/terms</loc>');
    expect(sitemap.body).toContain('<loc>http://localhost:3000/de/static/about</loc>');
    expect(sitemap.body).toContain('hreflang="pt-br" href="http://localhost:3000/pt-br/static/about"');
    expect(sitemap.body).toMatch(/<loc>http:\/\/localhost:3000\/games\/[^<]+<\/loc>/);
    expect(sitemap.body).not.toContain('/de/static/terms<');
  });
});
