import { z } from 'zod';
import { text } from '@casino/contracts';
import type { Db } from '../db/client.ts';
import { issueAutologin } from '../modules/player/index.ts';
import { namesPlayer, playerNaming, playerOf } from './who.ts';

export const opsAutologinBodySchema = z
  .object({ ...playerNaming, redirect: text().max(512).optional() })
  .refine(...namesPlayer);
export type OpsAutologinBody = z.infer<typeof opsAutologinBodySchema>;
export const opsAutologinResultSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type OpsAutologinResult = z.infer<typeof opsAutologinResultSchema>;

export async function opsAutologin(db: Db, body: OpsAutologinBody, publicUrl: string): Promise<OpsAutologinResult> {
  const player = await playerOf(db, body);
  const issued = await issueAutologin(db, player.id, { publicUrl, redirectPath: body.redirect });
  return { url: issued.url, expiresAt: issued.expiresAt.toISOString() };
}

export const describeAutologin = (r: OpsAutologinResult) =>
  `One-time sign-in link (valid until ${r.expiresAt}, once):\n${r.url}`;
