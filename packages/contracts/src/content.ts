import { z } from 'zod';
import { text } from './text.ts';

/**
 * Rich text of content pages as blocks (never HTML): headings 1–6, paragraph, quote, code, image and
 * lists, whose text runs carry bold, italic, underline, strikethrough and links.
 */
export const inlineSchema = z.object({
  text: text().max(10_000),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strike: z.boolean().optional(),
  code: z.boolean().optional(),
  /** A path of this site, or an http(s)/mailto address (other schemes are dropped when stored). */
  href: text().max(2048).optional(),
});
export type Inline = z.infer<typeof inlineSchema>;

const runs = z.array(inlineSchema).max(500);

export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), level: z.number().int().min(1).max(6), children: runs }),
  z.object({ type: z.literal('paragraph'), children: runs }),
  z.object({ type: z.literal('quote'), children: runs }),
  z.object({ type: z.literal('code'), text: text().max(20_000) }),
  z.object({ type: z.literal('image'), src: text().max(2048), alt: text().max(500) }),
  z.object({ type: z.literal('list'), ordered: z.boolean(), items: z.array(runs).max(200) }),
]);
export type Block = z.infer<typeof blockSchema>;

export const CONTENT_AREAS = ['static', 'question', 'bonus'] as const;
export type ContentArea = (typeof CONTENT_AREAS)[number];

export const contentPageSchema = z.object({
  area: z.enum(CONTENT_AREAS),
  identity: text(),
  /** The locale the page is in: the one asked for, or the default one when it has no translation. */
  locale: text(),
  title: text(),
  description: text(),
  category: text().nullable(),
  blocks: z.array(blockSchema),
  updatedAt: text(),
  /** Locales this page exists in (for hreflang). */
  locales: z.array(text()),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentSummarySchema = contentPageSchema.pick({
  area: true,
  identity: true,
  locale: true,
  title: true,
  description: true,
  category: true,
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const contentQuerySchema = z.object({ locale: text().max(10).optional() });
export const contentParamsSchema = z.object({
  area: z.enum(CONTENT_AREAS),
  identity: text()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9-]+$/, 'Must be a page identity'),
});
