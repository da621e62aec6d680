import { useTranslation } from 'react-i18next';
import { useMoney } from '@/features/wallet';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { parseMaxBetsValue } from '../max-bets-value.ts';
import '../i18n/index.ts';

/** `?max-bets=EUR:5`: a bet went over the maximum an active bonus allows. Closing it restarts the game. */
export default function MaxBetsModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const max = parseMaxBetsValue(value);
  return (
    <ModalFrame title={t('gamePlay.modals.maxBets.title')} size="sm">
      <p className="text-sm text-fg">
        {max
          ? t('gamePlay.modals.maxBets.text', { amount: money(max.amount, max.currency) })
          : t('gamePlay.modals.maxBets.textGeneric')}
      </p>
      <Button className="mt-6" block onClick={close}>
        {t('gamePlay.modals.maxBets.restart')}
      </Button>
    </ModalFrame>
  );
}
