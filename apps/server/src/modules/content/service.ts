import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CONTENT_AREAS,
  DEFAULT_LOCALE,
  LOCALE_CODES,
  type ContentArea,
  type ContentPage,
  type ContentSummary,
} from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { parseContent } from './markdown.ts';
import { contentEntries, type ContentRow } from './tables.ts';

/** The content that ships with the product: `apps/server/content/<locale>/<area>/<identity>.md`. */
export const BUNDLED_CONTENT_DIR = path.resolve(import.meta.dirname, '../../../content');

/**
 * The one place a locale falls back: a page or question is shown in the locale asked for when it has
 * that translation, otherwise in the default locale.
 */
function pick(rows: ContentRow[], locale: string): ContentRow | undefined {
  return rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === DEFAULT_LOCALE);
}

const known = (locale: string | undefined) =>
  locale && (LOCALE_CODES as readonly string[]).includes(locale) ? locale : DEFAULT_LOCALE;

export async function contentPage(
  db: DbOrTx,
  area: ContentArea,
  identity: string,
  locale?: string,
): Promise<ContentPage> {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.area, area), eq(contentEntries.identity, identity)));
  const row = pick(rows, known(locale));
  if (!row) throw notFound('Page not found');
  return {
    ...summaryOf(row),
    blocks: row.blocks,
    updatedAt: row.updatedAt.toISOString(),
    locales: rows.map((r) => r.locale).sort(),
  };
}

export async function contentList(db: DbOrTx, area: ContentArea, locale?: string): Promise<ContentSummary[]> {
  const wanted = known(locale);
  const rows = await db
    .select()
    .from(contentEntries)
    .where(and(eq(contentEntries.area, area), inArray(contentEntries.locale, [...new Set([wanted, DEFAULT_LOCALE])])))
    .orderBy(contentEntries.position, contentEntries.identity);
  const byIdentity = new Map<string, ContentRow[]>();
  for (const row of rows) byIdentity.set(row.identity, [...(byIdentity.get(row.identity) ?? []), row]);
  return [...byIdentity.values()].map((list) => summaryOf(pick(list, wanted)!));
}

/** What a list shows of a page (the page itself adds its blocks and locales). */
function summaryOf(row: ContentRow): ContentSummary {
  return {
    area: row.area,
    identity: row.identity,
    locale: row.locale,
    title: row.title,
    description: row.description,
    category: row.category,
  };
}

/** Every page of every locale (for the sitemap). */
export async function allContent(
  db: DbOrTx,
): Promise<{ area: ContentArea; identity: string; locale: string; updatedAt: Date }[]> {
  return db
    .select({
      area: contentEntries.area,
      identity: contentEntries.identity,
      locale: contentEntries.locale,
      updatedAt: contentEntries.updatedAt,
    })
    .from(contentEntries);
}

/**
 * Loads a content folder (`<locale>/<area>/<identity>.md`) into the database: new and changed files
 * are written, unchanged ones left alone. Returns how many were written. A bad file stops the import
 * with its path, before anything is written.
 */
export async function importContent(db: DbOrTx, dir: string): Promise<{ written: number; files: number }> {
  const entries: (typeof contentEntries.$inferInsert)[] = [];
  for (const locale of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!(LOCALE_CODES as readonly string[]).includes(locale)) continue;
    for (const area of CONTENT_AREAS) {
      const folder = path.join(dir, locale, area);
      if (!fs.existsSync(folder)) continue;
      for (const file of fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.md'))
        .sort()) {
        const identity = file.slice(0, -3);
        if (!/^[a-z0-9-]{1,100}$/.test(identity))
          throw unprocessable(`${path.join(folder, file)}: the file name is not a page identity`);
        const source = fs.readFileSync(path.join(folder, file), 'utf8');
        let parsed;
        try {
          parsed = parseContent(source);
        } catch (error) {
          throw unprocessable(`${path.join(folder, file)}: ${(error as Error).message}`);
        }
        entries.push({
          area,
          identity,
          locale,
          ...parsed,
          sourceHash: createHash('sha256').update(source).digest('hex'),
        });
      }
    }
  }
  let written = 0;
  for (const entry of entries) {
    const rows = await db
      .insert(contentEntries)
      .values(entry)
      .onConflictDoUpdate({
        target: [contentEntries.area, contentEntries.identity, contentEntries.locale],
        set: { ...entry, updatedAt: new Date() },
        setWhere: sql`${contentEntries.sourceHash} <> excluded.source_hash`,
      })
      .returning({ identity: contentEntries.identity });
    written += rows.length;
  }
  return { written, files: entries.length };
}

/** On every start: the bundled content, so the terms a player accepts can always be read. */
export const seedContent = (db: DbOrTx) => importContent(db, BUNDLED_CONTENT_DIR);
