import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { useQuest } from '../api.ts';
import { Loading, RewardLines } from '../quest-parts.tsx';
import '../i18n/index.ts';

/** `?quest-rewards=<quest id>`: what completing the quest pays. */
export default function QuestRewardsModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const { quest, loading } = useQuest(value);
  return (
    <ModalFrame title={quest ? t('quests.rewards.title', { name: quest.name }) : t('quests.hub.rewards')} size="sm">
      {loading ? (
        <Loading label={t('quests.hub.loading')} />
      ) : quest ? (
        <RewardLines quest={quest} />
      ) : (
        <p className="text-sm text-muted">{t('quests.tasks.notFound')}</p>
      )}
    </ModalFrame>
  );
}
