import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { asStaff, enrolStaff, type StaffAgent } from '../../staff/__tests__/staff-kit.ts';
import { seedContent } from '../index.ts';

/**
 * Content in the back office: marketing edits and creates pages that players are served at once, each
 * write leaves one audit row with what changed; bad input is refused, and so are roles without Content.
 */
let server: TestServer;
let marketing: StaffAgent;
let support: StaffAgent;
let finance: StaffAgent;
beforeAll(async () => {
  server = await createTestServer();
  marketing = await enrolStaff(server, 'marketing');
  support = await enrolStaff(server, 'support');
  finance = await enrolStaff(server, 'finance');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

type Audit = { staff_id: string; action: string; target_id: string; before: unknown; after: unknown };
const lastAuditId = async () =>
  Number(
    (await rowsOf<{ id: number }>(server.ctx.db, sql`select coalesce(max(id), 0)::int as id from staff_audit`))[0]!.id,
  );
const auditAfter = (id: number) =>
  rowsOf<Audit>(server.ctx.db, sql`select * from staff_audit where id > ${id} order by id`);

const admin = (agent: StaffAgent, method: 'GET' | 'POST', url: string, body?: unknown) =>
  asStaff(server, agent, method, `/api/admin${url}`, body);
const publicPage = async (area: string, identity: string, locale: string) =>
  (await server.app.inject({ method: 'GET', url: `/api/content/${area}/${identity}?locale=${locale}` })).json().data;

describe('content in the back office', () => {
  it('lists every page of every locale and shows one with its body as Markdown', async () => {
    const list = await admin(marketing, 'GET', '/content');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: string; area: string; locale: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(39);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(['static~terms~en', 'static~about~de']));
    const terms = await admin(marketing, 'GET', '/content/static~terms~en');
    expect(terms.statusCode, terms.body).toBe(200);
    const data = terms.json().data;
    expect(data).toMatchObject({ area: 'static', identity: 'terms', locale: 'en', title: 'Terms and Conditions' });
    expect(data.markdown.startsWith('# Terms and Conditions\n\n')).toBe(true);
    expect(data.blocks).toEqual((await publicPage('static', 'terms', 'en')).blocks);
  });

  it('an edit is what players are served at once, and leaves one audit row with before and after', async () => {
    const shown = (await admin(marketing, 'GET', '/content/static~about~en')).json().data;
    const from = await lastAuditId();
    const markdown = `# About us\n\nWe are **Lumen**. See the [terms](/static/terms).\n\n- one\n- two`;
    const edit = await admin(marketing, 'POST', '/content/static~about~en', {
      title: 'About Lumen',
      markdown,
      updatedAt: shown.updatedAt,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const page = await publicPage('static', 'about', 'en');
    expect(page.title).toBe('About Lumen');
    expect(page.blocks).toEqual([
      { type: 'heading', level: 1, children: [{ text: 'About us' }] },
      {
        type: 'paragraph',
        children: [
          { text: 'We are ' },
          { text: 'Lumen', bold: true },
          { text: '. See the ' },
          { text: 'terms', href: '/static/terms' },
          { text: '.' },
        ],
      },
      { type: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] },
    ]);
    // The other locales are their own rows.
    expect((await publicPage('static', 'about', 'de')).title).toBe('Über uns und Lizenz');
    const audit = await auditAfter(from);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      staff_id: marketing.id,
      action: 'content.edit',
      target_id: 'static~about~en',
      before: { title: 'About us and licence', markdown: shown.markdown },
      after: { title: 'About Lumen', markdown },
    });
    // Only what changed is in the row.
    expect(Object.keys(audit[0]!.after as object).toSorted()).toEqual(['markdown', 'title']);
  });

  it('keeps a body left as shown exactly, and an edit through an import of unchanged files', async () => {
    const shown = (await admin(marketing, 'GET', '/content/static~bonus-terms~de')).json().data;
    const edit = await admin(marketing, 'POST', '/content/static~bonus-terms~de', {
      title: 'Bonusbedingungen (neu)',
      markdown: shown.markdown,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.blocks).toEqual(shown.blocks);
    // Every start imports the bundled content: an unchanged file does not undo the edit.
    await seedContent(server.ctx.db);
    expect((await publicPage('static', 'bonus-terms', 'de')).title).toBe('Bonusbedingungen (neu)');
  });

  it('refuses an edit of a page changed since it was opened (409)', async () => {
    const shown = (await admin(marketing, 'GET', '/content/static~cookies~en')).json().data;
    const first = await admin(marketing, 'POST', '/content/static~cookies~en', {
      title: 'Cookies',
      updatedAt: shown.updatedAt,
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await admin(marketing, 'POST', '/content/static~cookies~en', {
      title: 'Cookies again',
      updatedAt: shown.updatedAt,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect((await publicPage('static', 'cookies', 'en')).title).toBe('Cookies');
  });

  it('creates a question in a locale, served at once; the same page again is a conflict', async () => {
    const from = await lastAuditId();
    const body = {
      area: 'question',
      identity: 'admin-made',
      locale: 'de',
      title: 'Wie spiele ich verantwortungsvoll?',
      category: 'limits',
      position: 3,
      markdown: 'Setzen Sie sich *Limits*. <script>alert(1)</script> [x](javascript:alert(1))',
    };
    const created = await admin(marketing, 'POST', '/content', body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.id).toBe('question~admin-made~de');
    const page = await publicPage('question', 'admin-made', 'de');
    expect(page).toMatchObject({ locale: 'de', title: body.title, category: 'limits' });
    // Markup stays text; an unsafe link loses its address.
    expect(JSON.stringify(page.blocks)).toContain('<script>');
    expect(JSON.stringify(page.blocks)).not.toContain('javascript:');
    const list = (await server.app.inject({ method: 'GET', url: '/api/content/question?locale=de' })).json().data;
    expect(list.map((q: { identity: string }) => q.identity)).toContain('admin-made');
    const audit = await auditAfter(from);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'content.create',
      target_id: 'question~admin-made~de',
      before: null,
      after: { title: body.title, category: 'limits', position: 3 },
    });
    expect((await admin(marketing, 'POST', '/content', body)).statusCode).toBe(409);
  });

  it('previews a body as blocks without storing anything or leaving an audit row', async () => {
    const from = await lastAuditId();
    const answer = await admin(marketing, 'POST', '/content/preview', { markdown: '## Hi\n\n~~old~~ <u>new</u>' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.blocks).toEqual([
      { type: 'heading', level: 2, children: [{ text: 'Hi' }] },
      { type: 'paragraph', children: [{ text: 'old', strike: true }, { text: ' ' }, { text: 'new', underline: true }] },
    ]);
    expect(await auditAfter(from)).toHaveLength(0);
  });

  it('refuses NUL bytes, huge bodies, bad identities, locales and fields (422); unknown pages are 404', async () => {
    const from = await lastAuditId();
    const base = { area: 'static', identity: 'fresh-page', locale: 'en', title: 'Fresh', markdown: 'Text' };
    const bad: [string, unknown][] = [
      ['/content', { ...base, title: 'Fr\u0000esh' }],
      ['/content', { ...base, markdown: 'Te\u0000xt' }],
      ['/content', { ...base, markdown: 'x'.repeat(50_001) }],
      ['/content', { ...base, title: 'y'.repeat(201) }],
      ['/content', { ...base, title: 'two\nlines' }],
      ['/content', { ...base, title: '   ' }],
      ['/content', { ...base, title: 'rev\u202eersed' }],
      ['/content', { ...base, identity: '../etc' }],
      ['/content', { ...base, identity: 'Upper' }],
      ['/content', { ...base, identity: 'z'.repeat(101) }],
      ['/content', { ...base, locale: 'xx' }],
      ['/content', { ...base, area: 'banner' }],
      ['/content', { ...base, category: 'Not A Slug' }],
      ['/content', { ...base, position: 1.5 }],
      ['/content', { ...base, published: true }],
      ['/content', { ...base, markdown: '**a** '.repeat(600) }],
      ['/content/static~terms~en', { markdown: 'Te\u0000xt' }],
      ['/content/static~terms~en', { markdown: 'x'.repeat(50_001) }],
      ['/content/static~terms~en', { updatedAt: 'yesterday' }],
      ['/content/static~terms~en', { sourceHash: 'x' }],
      ['/content/preview', { markdown: 'x'.repeat(50_001) }],
    ];
    for (const [url, body] of bad) {
      const answer = await admin(marketing, 'POST', url, body);
      expect(answer.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}: ${answer.body}`).toBe(422);
    }
    for (const id of ['static~nope~en', 'banner~terms~en', 'static~terms~en~x', '..']) {
      expect((await admin(marketing, 'GET', `/content/${id}`)).statusCode, id).toBe(404);
      expect((await admin(marketing, 'POST', `/content/${id}`, { title: 'x' })).statusCode, id).toBe(404);
    }
    // An id past any page's length is refused before it is looked up.
    expect((await admin(marketing, 'GET', `/content/${'x'.repeat(300)}`)).statusCode).toBe(422);
    expect(await auditAfter(from)).toHaveLength(0);
    expect((await server.app.inject({ method: 'GET', url: '/api/content/static/fresh-page' })).statusCode).toBe(404);
  });

  it('marketing may write; support and finance may not even read (403)', async () => {
    for (const agent of [support, finance]) {
      expect((await admin(agent, 'GET', '/content')).statusCode).toBe(403);
      expect((await admin(agent, 'GET', '/content/static~terms~en')).statusCode).toBe(403);
      expect((await admin(agent, 'POST', '/content/preview', { markdown: 'x' })).statusCode).toBe(403);
      const edit = await admin(agent, 'POST', '/content/static~terms~en', { title: 'Hacked' });
      expect(edit.statusCode).toBe(403);
      const create = await admin(agent, 'POST', '/content', {
        ...{ area: 'static', identity: 'by-support', locale: 'en', title: 'x', markdown: 'x' },
      });
      expect(create.statusCode).toBe(403);
    }
    expect((await publicPage('static', 'terms', 'en')).title).toBe('Terms and Conditions');
  });
});
