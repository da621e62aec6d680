import { z } from 'zod';
import { blockSchema, CONTENT_AREAS, displayText, LOCALE_CODES, text } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { adminRoute } from '../../lib/admin-route.ts';
import { blocksOfMarkdown, contentEntry, createContentEntry, editContentEntry, listContentEntries } from './editing.ts';

/** A body as long as ten times the longest bundled page: room to write, not to flood the lexer. */
const MAX_MARKDOWN = 50_000;

const fields = {
  title: displayText()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\n\r]*$/, 'One line'),
  description: displayText()
    .trim()
    .max(500)
    .regex(/^[^\n\r]*$/, 'One line')
    .optional(),
  category: displayText()
    .trim()
    .max(50)
    .regex(/^[a-z0-9-]*$/, 'Lowercase letters, digits and dashes (e.g. payments)')
    .nullable()
    .optional(),
  position: z.number().int().min(-100_000).max(100_000).optional(),
  markdown: text().max(MAX_MARKDOWN),
};

const createSchema = z
  .object({
    area: z.enum(CONTENT_AREAS),
    identity: text()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9-]+$/, 'Lowercase letters, digits and dashes, as in the page address'),
    locale: z.enum(LOCALE_CODES as [string, ...string[]]),
    ...fields,
  })
  .strict();

const editSchema = z
  .object({
    ...fields,
    title: fields.title.optional(),
    markdown: fields.markdown.optional(),
    /** The version the editor loaded (its `updatedAt`). */
    updatedAt: z.iso.datetime().optional(),
  })
  .strict();

/** Loose here (the module answers 404 for an id it does not know). */
const idParams = z.object({ id: text().max(200) }).strict();

const listedSchema = z.object({
  id: z.string(),
  area: z.enum(CONTENT_AREAS),
  identity: z.string(),
  locale: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  position: z.number(),
  updatedAt: z.string(),
});

const detailSchema = listedSchema.extend({
  description: z.string(),
  markdown: z.string(),
  blocks: z.array(blockSchema),
});

/**
 * Content in the back office (Content read and write): the pages of every area and locale, one with its
 * Markdown, a new one, an edit (recorded with what changed), and a preview of a body as players get it.
 */
export const contentAdminRoutes = (ctx: AppContext) => [
  adminRoute({
    method: 'GET',
    url: '/content',
    summary: 'Every content page (static pages, help-centre questions, bonus pages) of every locale',
    permission: { action: 'read', subject: 'Content' },
    response: z.array(listedSchema),
    handle: () => listContentEntries(ctx.db),
  }),
  adminRoute({
    method: 'GET',
    url: '/content/:id',
    summary: 'One content page (`area~identity~locale`) with its body as Markdown',
    permission: { action: 'read', subject: 'Content' },
    params: idParams,
    response: detailSchema,
    handle: ({ params }) => contentEntry(ctx.db, params.id),
  }),
  adminRoute({
    method: 'POST',
    url: '/content/preview',
    summary: 'A Markdown body as the blocks players would be served (nothing is stored)',
    permission: { action: 'read', subject: 'Content' },
    body: z.object({ markdown: fields.markdown }).strict(),
    response: z.object({ blocks: z.array(blockSchema) }),
    handle: async ({ body }) => ({ blocks: blocksOfMarkdown(body.markdown) }),
  }),
  adminRoute({
    method: 'POST',
    url: '/content',
    summary: 'A new content page, or a new locale of one',
    permission: { action: 'write', subject: 'Content' },
    action: 'content.create',
    body: createSchema,
    response: detailSchema,
    handle: ({ body }) => createContentEntry(ctx, body),
  }),
  adminRoute({
    method: 'POST',
    url: '/content/:id',
    summary: "A page's title, description, category, position or body; players see it at once",
    permission: { action: 'write', subject: 'Content' },
    action: 'content.edit',
    params: idParams,
    body: editSchema,
    response: detailSchema,
    handle: ({ params, body }) => editContentEntry(ctx, params.id, body),
  }),
];
