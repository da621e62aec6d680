import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { QuestState, type PlayerQuest } from '@casino/contracts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { cn } from '@/shared/lib/cn.ts';
import { Button } from '@/shared/ui/button.tsx';
import {
  QUEST_TABS,
  useActivateQuest,
  useAvailableQuests,
  useCancelQuest,
  usePlayerQuests,
  type QuestTab,
} from '../api.ts';
import { doneTasks, Loading, ProgressBar } from '../quest-parts.tsx';
import '../i18n/index.ts';

const TABS: QuestTab[] = ['active', 'available', 'completed', 'expired'];

/** `?quests-hub[=<tab>]`: the player's quests in four tabs — Active, Available, Completed, Expired. */
export default function QuestsHubModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const tab: QuestTab = (TABS as string[]).includes(value) ? (value as QuestTab) : 'active';
  const select = (next: QuestTab) => modal.replace('quests-hub', 'quests-hub', next);
  return (
    <ModalFrame title={t('quests.hub.title')} description={t('quests.hub.description')} size="lg">
      <div
        role="tablist"
        aria-label={t('quests.hub.title')}
        className="mb-4 flex gap-1 overflow-x-auto rounded-xl bg-raised p-1"
      >
        {TABS.map((name) => (
          <button
            key={name}
            id={`quests-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="quests-panel"
            onClick={() => select(name)}
            className={cn(
              'min-w-0 flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors',
              tab === name ? 'bg-surface text-fg shadow-card' : 'text-muted hover:text-fg',
            )}
          >
            {t(`quests.hub.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div id="quests-panel" role="tabpanel" aria-labelledby={`quests-tab-${tab}`}>
        {tab === 'available' ? <AvailableList onStarted={() => select('active')} /> : <PlayerList tab={tab} />}
      </div>
    </ModalFrame>
  );
}

function PlayerList({ tab }: { tab: Exclude<QuestTab, 'available'> }) {
  const { t } = useTranslation();
  const quests = usePlayerQuests(QUEST_TABS[tab]);
  if (quests.isPending) return <Loading label={t('quests.hub.loading')} />;
  if (quests.isError) return <Failed retry={() => void quests.refetch()} />;
  if (quests.data.length === 0) return <p className="py-6 text-sm text-muted">{t(`quests.hub.empty.${tab}`)}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {quests.data.map((quest) => (
        <li key={quest.id}>
          <QuestCard quest={quest} />
        </li>
      ))}
    </ul>
  );
}

function AvailableList({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const quests = useAvailableQuests(page);
  if (quests.isPending) return <Loading label={t('quests.hub.loading')} />;
  if (quests.isError) return <Failed retry={() => void quests.refetch()} />;
  const { data, meta } = quests.data;
  if (data.length === 0) return <p className="py-6 text-sm text-muted">{t('quests.hub.empty.available')}</p>;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {data.map((quest) => (
          <li key={quest.id}>
            <QuestCard quest={quest} available onStarted={onStarted} />
          </li>
        ))}
      </ul>
      {meta.totalPages > 1 && (
        <div className="mt-4 flex justify-between">
          <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('quests.hub.previous')}
          </Button>
          <Button variant="ghost" size="sm" disabled={page >= meta.totalPages} onClick={() => setPage(page + 1)}>
            {t('quests.hub.next')}
          </Button>
        </div>
      )}
    </>
  );
}

function Failed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="py-6 text-sm text-muted" role="alert">
      <p>{t('quests.hub.loadFailed')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={retry}>
        {t('quests.hub.retry')}
      </Button>
    </div>
  );
}

/** Where a player's quest is: done (green), cancelled or expired (amber), under way (accent). */
function QuestStateChip({ state }: { state: PlayerQuest['state'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold',
        state === QuestState.rewarded || state === QuestState.completed
          ? 'bg-success/12 text-success'
          : state >= QuestState.canceled
            ? 'bg-warn/12 text-warn'
            : 'bg-accent/12 text-accent',
      )}
    >
      {t(`quests.state.${state}`)}
    </span>
  );
}

/** "Cancel this quest?", asked in the card: keep it, or cancel it. */
function CancelConfirm(props: { name: string; pending: boolean; onKeep: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 rounded-xl border border-warn/40 bg-warn/10 p-3 text-sm text-fg" role="alert">
      <p>{t('quests.hub.cancelConfirm', { name: props.name })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={props.onKeep}>
          {t('quests.hub.keep')}
        </Button>
        <Button size="sm" loading={props.pending} onClick={props.onCancel}>
          {t('quests.hub.cancel')}
        </Button>
      </div>
    </div>
  );
}

function QuestCard({
  quest,
  available = false,
  onStarted,
}: {
  quest: PlayerQuest;
  available?: boolean;
  onStarted?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const modal = useModal();
  // Told through the hook, not `mutate`'s own callback: the quest's push may refresh the list and
  // unmount this card before the answer arrives, and then `mutate`'s callbacks never run.
  const activate = useActivateQuest(onStarted);
  const cancel = useCancelQuest();
  const [confirming, setConfirming] = useState(false);
  const done = doneTasks(quest);
  const running = quest.state === QuestState.inProgress;
  const startError =
    activate.error && isApiError(activate.error)
      ? activate.error.message
      : activate.error
        ? String(activate.error)
        : null;
  return (
    <article className="rounded-2xl border border-line bg-surface p-4" aria-label={quest.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-fg">{quest.name}</h3>
          {quest.description && <p className="mt-0.5 text-sm text-muted">{quest.description}</p>}
        </div>
        {!available && <QuestStateChip state={quest.state} />}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <ProgressBar value={done} max={quest.tasks.length} label={quest.name} />
        <span className="shrink-0 text-xs text-muted">
          {t('quests.hub.progress', { done, total: quest.tasks.length })}
        </span>
      </div>
      {running && quest.endAt && (
        <p className="mt-2 text-xs text-muted">
          {t('quests.hub.endsAt', { date: new Date(quest.endAt).toLocaleString(i18n.language) })}
        </p>
      )}
      {confirming ? (
        <CancelConfirm
          name={quest.name}
          pending={cancel.isPending}
          onKeep={() => setConfirming(false)}
          onCancel={() => cancel.mutate(quest.id, { onSettled: () => setConfirming(false) })}
        />
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          {available && (
            <Button size="sm" loading={activate.isPending} onClick={() => activate.mutate(quest.questId)}>
              {t('quests.hub.start')}
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => modal.open('quest-tasks', quest.id)}>
            {t('quests.hub.tasks')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => modal.open('quest-rewards', quest.id)}>
            {t('quests.hub.rewards')}
          </Button>
          {running && (
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              {t('quests.hub.cancel')}
            </Button>
          )}
        </div>
      )}
      {startError && (
        <p className="mt-2 text-sm text-danger" role="alert">
          {t('quests.hub.startFailed', { message: startError })}
        </p>
      )}
    </article>
  );
}
