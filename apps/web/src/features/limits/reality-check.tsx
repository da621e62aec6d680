import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { PlaySummary } from '@casino/contracts';
import { formatMoney } from '@/shared/lib/format-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { Button } from '@/shared/ui/button.tsx';
import { fetchPlaySummary, useRealityCheck } from './api.ts';
import { playSessionStart } from './play-session.ts';
import './i18n/index.ts';

type Shown = { summary: PlaySummary | null; elapsedMs: number; over: boolean };

/** The reminder's timer: due at each multiple of the player's interval, or at the session limit if sooner. */
function useRealityTimer(active: boolean, currency: string | undefined) {
  const settings = useRealityCheck(active);
  const [shown, setShown] = useState<Shown | null>(null);
  const intervalMs = (settings.data?.intervalMinutes ?? 0) * 60_000;
  const limitMs = settings.data?.sessionMinutes ? settings.data.sessionMinutes * 60_000 : null;

  useEffect(() => {
    if (!active || !currency || intervalMs <= 0 || shown) return;
    const start = playSessionStart();
    const elapsed = Date.now() - start;
    // The next reminder: the next multiple of the interval, or the session limit if that comes first.
    let due = (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
    if (limitMs !== null) due = elapsed >= limitMs ? elapsed : Math.min(due, limitMs);
    const timer = setTimeout(async () => {
      const elapsedMs = Date.now() - start;
      const summary = await fetchPlaySummary(new Date(start).toISOString(), currency).catch(() => null);
      setShown({ summary, elapsedMs, over: limitMs !== null && elapsedMs >= limitMs - 1000 });
    }, due - elapsed);
    return () => clearTimeout(timer);
  }, [active, currency, intervalMs, limitMs, shown]);
  return { shown, setShown, limitMs };
}

/** What the session staked, won and came to. */
function PlaySummaryList({ summary, money }: { summary: PlaySummary; money: (amount: number) => string }) {
  const { t } = useTranslation();
  return (
    <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-raised p-3 text-center">
      <div>
        <dt className="text-xs text-muted">{t('limits.reality.dialog.stakes')}</dt>
        <dd className="font-semibold tabular-nums text-fg">{money(summary.stakes)}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted">{t('limits.reality.dialog.wins')}</dt>
        <dd className="font-semibold tabular-nums text-fg">{money(summary.wins)}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted">{t('limits.reality.dialog.net')}</dt>
        <dd className={`font-semibold tabular-nums ${summary.netResult < 0 ? 'text-danger' : 'text-fg'}`}>
          {money(summary.netResult)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The reality check during real-money play: every interval the player chose (the site's default
 * until then) a dialog shows how long they have played, what they staked and won, with "keep
 * playing" and "stop". Once the session-time limit is reached only "stop" is offered.
 */
export function RealityCheck({
  active,
  currency,
  onStop,
}: {
  active: boolean;
  currency: string | undefined;
  onStop: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { shown, setShown, limitMs } = useRealityTimer(active, currency);

  if (!shown || !active) return null;
  const minutes = Math.max(1, Math.round(shown.elapsedMs / 60_000));
  const time =
    minutes >= 60
      ? t('limits.time.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
      : t('limits.time.minutes', { minutes });
  const money = (amount: number) =>
    formatMoney(amount, shown.summary?.currency ?? currency ?? '', undefined, i18n.language);
  const stop = () => {
    setShown(null);
    onStop();
  };
  const limitTime = limitMs
    ? limitMs >= 3_600_000
      ? t('limits.reality.hours', { count: limitMs / 3_600_000 })
      : t('limits.reality.minutes', { count: limitMs / 60_000 })
    : '';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !shown.over && setShown(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2000] bg-black/70" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-[2001] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-5 shadow-card"
          onEscapeKeyDown={(e) => shown.over && e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <Dialog.Title className="text-xl font-semibold text-fg">
            {shown.over ? t('limits.reality.dialog.sessionOver') : t('limits.reality.dialog.title')}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            {shown.over
              ? t('limits.reality.dialog.sessionOverText', { time: limitTime })
              : t('limits.reality.dialog.text', { time })}
          </Dialog.Description>
          {shown.summary && <PlaySummaryList summary={shown.summary} money={money} />}
          <div className="mt-5 flex flex-col gap-2">
            {!shown.over && (
              <Button block onClick={() => setShown(null)}>
                {t('limits.reality.dialog.keepPlaying')}
              </Button>
            )}
            <Button block variant={shown.over ? 'primary' : 'secondary'} onClick={stop}>
              {t('limits.reality.dialog.stop')}
            </Button>
            <LocaleLink
              to="/profile/history"
              className="mt-1 text-center text-sm font-semibold text-accent hover:underline"
            >
              {t('limits.reality.dialog.history')}
            </LocaleLink>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
