import type { FastifyInstance } from 'fastify';
import { LOCALE_CODES, DEFAULT_LOCALE } from '@casino/contracts';
import type { AppContext } from '../context.ts';
import { allContent } from '../modules/content/index.ts';
import { publicCatalogueIdentities } from '../modules/game/index.ts';

const CONTENT_PATH = { static: '/static/', question: '/questions/', bonus: '/bonus/' } as const;
const STALE_MS = 60 * 60_000;

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** `/` for the default locale, `/de/…` for the others (as the web app writes its paths). */
const localized = (path: string, locale: string) =>
  locale === DEFAULT_LOCALE ? path : `/${locale}${path === '/' ? '' : path}`;

/**
 * `/sitemap.xml`: content pages in each locale they exist in (with their `hreflang` alternates), the
 * home page, the collections and every enabled game. Built from the database at most once an hour.
 */
export function registerSeo(app: FastifyInstance, ctx: AppContext) {
  let cached: { xml: string; at: number } | null = null;

  async function build(): Promise<string> {
    const base = ctx.config.publicUrl;
    const [content, catalogue] = await Promise.all([allContent(ctx.db), publicCatalogueIdentities(ctx.db)]);
    const entries: { path: string; locales: readonly string[]; lastmod?: Date }[] = [
      { path: '/', locales: LOCALE_CODES },
      { path: '/questions', locales: LOCALE_CODES },
      { path: '/providers', locales: LOCALE_CODES },
    ];
    const pages = new Map<string, { locales: string[]; lastmod: Date }>();
    for (const row of content) {
      const path = `${CONTENT_PATH[row.area]}${row.identity}`;
      const page = pages.get(path) ?? { locales: [], lastmod: row.updatedAt };
      page.locales.push(row.locale);
      if (row.updatedAt > page.lastmod) page.lastmod = row.updatedAt;
      pages.set(path, page);
    }
    for (const [path, page] of pages) entries.push({ path, locales: page.locales.sort(), lastmod: page.lastmod });
    for (const identity of catalogue.collections)
      entries.push({ path: `/categories/${encodeURIComponent(identity)}`, locales: LOCALE_CODES });
    for (const identity of catalogue.games)
      entries.push({ path: `/games/${encodeURIComponent(identity)}`, locales: [DEFAULT_LOCALE] });

    const urls = entries.flatMap((entry) =>
      entry.locales.map((locale) => {
        const alternates =
          entry.locales.length > 1
            ? entry.locales
                .map(
                  (l) =>
                    `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(base + localized(entry.path, l))}"/>`,
                )
                .join('')
            : '';
        const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
        return `<url><loc>${escapeXml(base + localized(entry.path, locale))}</loc>${lastmod}${alternates}</url>`;
      }),
    );
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
      urls.join('\n') +
      '\n</urlset>\n'
    );
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    if (!cached || Date.now() - cached.at > STALE_MS) cached = { xml: await build(), at: Date.now() };
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(cached.xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /profile\nDisallow: /auth/\nDisallow: /sandbox/\nDisallow: /*?*sign-in\n\nSitemap: ${ctx.config.publicUrl}/sitemap.xml\n`,
      ),
  );
}
