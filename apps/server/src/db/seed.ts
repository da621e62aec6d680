import type { AppContext } from '../context.ts';

// PLACEHOLDER by the lead: the wallet/ops owner replaces this file.
export async function seedDemo(_ctx: AppContext): Promise<void> {}
