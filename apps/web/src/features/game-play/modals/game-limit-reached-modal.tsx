import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useNavigate } from '@/shared/router';
import { useLocalizedPath } from '@/shared/i18n';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { LIMIT_CODES } from '../start-failure.ts';
import '../i18n/index.ts';

// Each limit has its own text; any other value gets the generic one.
const KNOWN = new Set([...LIMIT_CODES].map(String));

/** `?game-limit-reached=<code>`: a responsible gaming limit stopped a real-money start (14100, 14101, 14105). */
export default function GameLimitReachedModal({ value, close }: ModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return (
    <ModalFrame title={t('gamePlay.modals.limit.title')} size="sm">
      <p className="text-sm text-fg">
        {KNOWN.has(value) ? t(`gamePlay.modals.limit.${value}`) : t('gamePlay.modals.limit.generic')}
      </p>
      <div className="mt-6 flex flex-col gap-2">
        {/* Leaving the page drops the modal key with the rest of its query. */}
        <Button block onClick={() => void navigate(localize('/profile/limits'))}>
          {t('gamePlay.modals.limit.review')}
        </Button>
        <Button block variant="ghost" onClick={close}>
          {t('common.close')}
        </Button>
      </div>
    </ModalFrame>
  );
}
