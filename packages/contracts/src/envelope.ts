import { z } from 'zod';
import { text } from './text.ts';

export const pageMetaSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
  totalRows: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** The meta of page `page` of `totalRows` rows, `perPage` at a time. */
export const pageMeta = (page: number, perPage: number, totalRows: number): PageMeta => ({
  page,
  perPage,
  totalPages: Math.ceil(totalRows / perPage),
  totalRows,
});

/** `{ data: T }` */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });
/** `{ data: T[], meta }` */
export const pageEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

export const idParamSchema = z.object({ id: text().min(1).max(64) });
