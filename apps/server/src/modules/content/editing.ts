import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { blockSchema, CONTENT_AREAS, type Block, type ContentArea } from '@casino/contracts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { noteChange } from '../../lib/audit-scope.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import { withTransaction, type UnitOfWorkContext } from '../../outbox/index.ts';
import { markdownBlocks } from './markdown.ts';
import { contentEntries, type ContentRow } from './tables.ts';
import { blocksToMarkdown } from './to-markdown.ts';

/**
 * Content written in the back office: the same rows an import writes, edited one at a time. The store
 * keeps blocks (what players are served); the editor's Markdown is made from them (to-markdown.ts) and
 * parsed again as an import parses a file. An edit keeps the row's `sourceHash` (the hash of the file
 * last imported), so an import rewrites an edited page only when its file changed; a page made here
 * has none, so an import of a file of the same page replaces it.
 */

/** A row's id in the admin API: `area~identity~locale` (none of the three holds a `~`). */
export const contentIdOf = (row: Pick<ContentRow, 'area' | 'identity' | 'locale'>) =>
  `${row.area}~${row.identity}~${row.locale}`;

function keyOf(id: string): { area: ContentArea; identity: string; locale: string } {
  const [area, identity, locale, ...rest] = id.split('~');
  if (rest.length || !(CONTENT_AREAS as readonly string[]).includes(area ?? '') || !identity || !locale)
    throw notFound('No such content');
  return { area: area as ContentArea, identity, locale };
}

const byKey = (id: string) => {
  const key = keyOf(id);
  return and(
    eq(contentEntries.area, key.area),
    eq(contentEntries.identity, key.identity),
    eq(contentEntries.locale, key.locale),
  );
};

/** Blocks a player's page can carry (the public route's schema): a body past its bounds is refused. */
const storableBlocks = z.array(blockSchema).max(2_000);

/** The body typed as blocks; refused (422 on `markdown`) where the public page could not carry it. */
export function blocksOfMarkdown(markdown: string): Block[] {
  const blocks = markdownBlocks(markdown);
  const checked = storableBlocks.safeParse(blocks);
  if (!checked.success)
    throw fieldError('markdown', `The page cannot be shown as written: ${checked.error.issues[0]?.message}`);
  return blocks;
}

export type ContentFields = {
  title: string;
  description?: string | undefined;
  category?: string | null | undefined;
  position?: number | undefined;
  markdown: string;
};

export async function listContentEntries(db: DbOrTx) {
  const rows = await db
    .select()
    .from(contentEntries)
    .orderBy(asc(contentEntries.area), asc(contentEntries.identity), asc(contentEntries.locale));
  return rows.map((row) => ({
    id: contentIdOf(row),
    area: row.area,
    identity: row.identity,
    locale: row.locale,
    title: row.title,
    category: row.category,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

const detailOf = (row: ContentRow) => ({
  id: contentIdOf(row),
  area: row.area,
  identity: row.identity,
  locale: row.locale,
  title: row.title,
  description: row.description,
  category: row.category,
  position: row.position,
  markdown: blocksToMarkdown(row.blocks),
  blocks: row.blocks,
  updatedAt: row.updatedAt.toISOString(),
});
export type ContentDetail = ReturnType<typeof detailOf>;

export async function contentEntry(db: DbOrTx, id: string): Promise<ContentDetail> {
  const [row] = await db.select().from(contentEntries).where(byKey(id));
  if (!row) throw notFound('No such content');
  return detailOf(row);
}

/** What the audit trail shows of a page: its fields and its body as Markdown. */
const audited = (row: Pick<ContentRow, 'title' | 'description' | 'category' | 'position' | 'blocks'>) => ({
  title: row.title,
  description: row.description,
  category: row.category,
  position: row.position,
  markdown: blocksToMarkdown(row.blocks),
});

/** A new page (or a new locale of one); refused when that page of that locale exists. */
export async function createContentEntry(
  ctx: UnitOfWorkContext,
  input: ContentFields & { area: ContentArea; identity: string; locale: string },
): Promise<ContentDetail> {
  const blocks = blocksOfMarkdown(input.markdown);
  return withTransaction(ctx, async (tx) => {
    const values = {
      area: input.area,
      identity: input.identity,
      locale: input.locale,
      title: input.title,
      description: input.description ?? '',
      category: input.category || null,
      position: input.position ?? 0,
      blocks,
      sourceHash: '',
    };
    const [row] = await tx.insert(contentEntries).values(values).onConflictDoNothing().returning();
    if (!row) throw conflict(`${input.area} page ${input.identity} exists in ${input.locale} already: edit it`);
    noteChange({ targetType: 'content', targetId: contentIdOf(row), before: null, after: audited(row) });
    return detailOf(row);
  });
}

const lockedRow = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(contentEntries).where(byKey(id)).for('update');
  if (!row) throw notFound('No such content');
  return row;
};

/**
 * Changes a page's fields and body. The body is parsed again only when its Markdown changed, so a page
 * whose Markdown is left as shown keeps its blocks exactly. `updatedAt`: the version the editor
 * loaded; an edit of a page changed since is refused (409) rather than overwriting the other change.
 */
export async function editContentEntry(
  ctx: UnitOfWorkContext,
  id: string,
  input: Partial<ContentFields> & { updatedAt?: string | undefined },
): Promise<ContentDetail> {
  return withTransaction(ctx, async (tx) => {
    const row = await lockedRow(tx, id);
    if (input.updatedAt && Date.parse(input.updatedAt) !== row.updatedAt.getTime())
      throw conflict('The page was changed by someone else since you opened it: reload it and edit again');
    const before = audited(row);
    const blocks =
      input.markdown === undefined || input.markdown === before.markdown
        ? row.blocks
        : blocksOfMarkdown(input.markdown);
    const [updated] = await tx
      .update(contentEntries)
      .set({
        title: input.title ?? row.title,
        description: input.description ?? row.description,
        category: input.category === undefined ? row.category : input.category || null,
        position: input.position ?? row.position,
        blocks,
        updatedAt: new Date(),
      })
      .where(byKey(id))
      .returning();
    const after = audited(updated!);
    // Only what changed: a page's body is long, and the trail shows the edit, not the page.
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]);
    noteChange({
      targetType: 'content',
      targetId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    });
    return detailOf(updated!);
  });
}
