import { fromBaseMinor } from '../settings/index.ts';
import type { bonusDefinitions } from './tables.ts';

type DefinitionRow = typeof bonusDefinitions.$inferSelect;

/** The deposits of `currency` that trigger a definition (minor units), or null: it has none in it. */
export function triggerRange(definition: DefinitionRow, currency: string): { from: bigint; to: bigint | null } | null {
  const trigger = definition.triggerConditions;
  if (!trigger) return null;
  const item = trigger.invoiceAmountItems.find((i) => i.currency === currency);
  if (item) return { from: BigInt(item.amountFrom), to: item.amountTo == null ? null : BigInt(item.amountTo) };
  if (trigger.baseCurrencyInvoiceAmountFrom === null && trigger.baseCurrencyInvoiceAmountTo === null) return null;
  const from = fromBaseMinor(BigInt(trigger.baseCurrencyInvoiceAmountFrom ?? 0), currency, true);
  if (from === null) return null;
  const to =
    trigger.baseCurrencyInvoiceAmountTo === null
      ? null
      : fromBaseMinor(BigInt(trigger.baseCurrencyInvoiceAmountTo), currency, false);
  return { from, to };
}
