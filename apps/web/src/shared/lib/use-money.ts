import { useCallback, useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Currency } from '@casino/contracts';
import { useCurrencies } from '@/shared/lib/currencies.ts';
import { formatMoney } from './format-money.ts';

/** `money(amount, 'EUR')` in the UI language, with the digits of that currency from the settings. */
export function useMoney() {
  const { i18n } = useTranslation();
  const { data: currencies } = useCurrencies();
  const byCode = useMemo(() => new Map<string, Currency>((currencies ?? []).map((c) => [c.code, c])), [currencies]);
  return useCallback(
    (amount: number, code: string) => formatMoney(amount, code, byCode.get(code), i18n.language),
    [byCode, i18n.language],
  );
}
