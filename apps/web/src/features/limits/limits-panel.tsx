import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSearchParams } from '@/shared/router';
import {
  LimitDefinition,
  REALITY_CHECK_INTERVALS,
  SESSION_TIME_LIMITS,
  type PlayerLimit,
  type RealityCheck,
} from '@casino/contracts';
import { activeAccount, useAccounts } from '@/features/wallet';
import { formatMoney } from '@/shared/lib/format-money.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { toast } from '@/shared/ui/toast.ts';
import {
  confirmLimitChange,
  limitsQueryKey,
  useDeleteLimit,
  useLimits,
  useLimitsSummary,
  useRealityCheck,
  useSetRealityCheck,
} from './api.ts';
import { useNow, useWhen, waitLeft } from './time.ts';
import './i18n/index.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

const MONEY_SECTIONS = [
  { key: 'deposit', definitions: [LimitDefinition.deposit] },
  { key: 'play', definitions: [LimitDefinition.bet, LimitDefinition.loss] },
] as const;

/** `/profile/limits`: the player's own limits, their use this period, changes waiting, breaks and the reality check. */
export function LimitsPanel() {
  const { t } = useTranslation();
  // An e-mailed link is confirmed before the limits are read, so the list shows the change confirmed.
  const { confirming, invalid, dismiss } = useConfirmLink();
  const limits = useLimits(!confirming);

  if (confirming || limits.isPending) return <Spinner label={t('limits.loading')} />;
  if (limits.isError)
    return (
      <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm text-fg">
        {t('limits.loadFailed')}
      </p>
    );
  return (
    <div className="space-y-5">
      {invalid && (
        <div role="alert" className="rounded-2xl border border-warn/40 bg-warn/10 p-4 text-sm text-fg sm:p-5">
          <p className="font-semibold">{t('limits.confirmed.invalidTitle')}</p>
          <p className="mt-1 text-muted">{t('limits.confirmed.invalidText')}</p>
          <Button size="sm" variant="secondary" className="mt-3" onClick={dismiss}>
            {t('limits.confirmed.dismiss')}
          </Button>
        </div>
      )}
      {MONEY_SECTIONS.map((section) => (
        <MoneySection
          key={section.key}
          id={section.key}
          definitions={section.definitions}
          limits={limits.data.filter((l) => (section.definitions as readonly number[]).includes(l.definition))}
        />
      ))}
      <NetFigures />
      <RealityCheckCard />
      <BreakCard />
    </div>
  );
}

/**
 * The e-mailed link lands here with `?confirm-limit=<token>`: confirm it once, then drop it from the
 * address. `confirming` while that is under way; `invalid` once the server refused the link (cancelled,
 * applied, expired: 422), which stays on the page until dismissed rather than a passing toast.
 */
function useConfirmLink(): { confirming: boolean; invalid: boolean; dismiss: () => void } {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm-limit');
  const done = useRef<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (!token || done.current === token) return;
    done.current = token;
    confirmLimitChange(token)
      .then(({ effectiveAt }) => {
        const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(effectiveAt),
        );
        toast({
          type: 'success',
          title: t('limits.confirmed.title'),
          description: t('limits.confirmed.text', { date }),
        });
        void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 422) setInvalid(true);
        else toast({ type: 'error', title: t('limits.confirmed.failed'), description: t('limits.errors.generic') });
      })
      .finally(() =>
        setParams(
          (p) => {
            p.delete('confirm-limit');
            return p;
          },
          { replace: true },
        ),
      );
  }, [token, t, i18n.language, setParams]);
  return { confirming: token !== null, invalid, dismiss: () => setInvalid(false) };
}

function Card({ id, title, text, children }: { id: string; title: string; text: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`limits-${id}`} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <h3 id={`limits-${id}`} className="text-lg font-semibold text-fg">
        {title}
      </h3>
      <p className="mt-1 text-sm text-muted">{text}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function MoneySection({
  id,
  definitions,
  limits,
}: {
  id: string;
  definitions: readonly number[];
  limits: PlayerLimit[];
}) {
  const { t } = useTranslation();
  const { open } = useModal();
  return (
    <Card id={id} title={t(`limits.sections.${id}.title`)} text={t(`limits.sections.${id}.text`)}>
      {limits.length > 0 ? (
        <ul className="space-y-3">
          {limits.map((limit) => (
            <LimitRow key={limit.id} limit={limit} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('limits.none')}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {definitions.map((definition) => (
          <Button
            key={definition}
            size="sm"
            variant="secondary"
            onClick={() => open('add-cash-limit', String(definition))}
          >
            {t(`limits.add.${definition}`)}
          </Button>
        ))}
      </div>
    </Card>
  );
}

function LimitRow({ limit }: { limit: PlayerLimit }) {
  const { t, i18n } = useTranslation();
  const { open } = useModal();
  const remove = useDeleteLimit();
  const now = useNow();
  const money = (amount: number) => formatMoney(amount, limit.currency ?? '', undefined, i18n.language);
  const used = limit.used ?? 0;
  const share = limit.amount ? Math.min(1, used / limit.amount) : 1;
  const pending = limit.pending;
  const when = useWhen(pending?.effectiveAt ?? null);
  const name = t(`limits.names.${limit.definition}`, { period: t(`limits.periods.${limit.period}`) });

  return (
    <li className="rounded-xl border border-line bg-page p-3.5" aria-label={name}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-fg">{name}</p>
        <p className="text-lg font-semibold tabular-nums text-fg">{money(limit.amount ?? 0)}</p>
      </div>
      {/* The line under the bar says the same in words. */}
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-raised" aria-hidden="true">
        <div
          className={share >= 1 ? 'h-full bg-danger' : share > 0.8 ? 'h-full bg-warn' : 'h-full bg-accent'}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      <p className="mt-1.5 text-sm text-muted">
        {t('limits.used', { used: money(used), left: money(Math.max(0, (limit.amount ?? 0) - used)) })}
      </p>
      {pending && (
        <output className="mt-3 block rounded-lg border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">
          {pending.amount === null
            ? t('limits.pending.removal')
            : t('limits.pending.change', {
                amount: money(pending.amount),
                period: t(`limits.periods.${pending.period}`),
              })}{' '}
          {pending.confirmed && pending.effectiveAt
            ? t('limits.pending.effective', { when, left: waitLeft(pending.effectiveAt, now, t) })
            : t('limits.pending.confirmEmail')}
        </output>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {pending ? (
          <Button size="sm" variant="secondary" loading={remove.isPending} onClick={() => remove.mutate(limit.id)}>
            {t('limits.actions.cancelChange')}
          </Button>
        ) : (
          <>
            <Button size="sm" variant="secondary" onClick={() => open('edit-cash-limit', limit.id)}>
              {t('limits.actions.edit')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(limit.id, {
                  onSuccess: () => toast({ type: 'default', title: t('limits.pending.removalAsked') }),
                })
              }
            >
              {t('limits.actions.remove')}
            </Button>
          </>
        )}
      </div>
      {remove.isError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {remove.error.message}
        </p>
      )}
    </li>
  );
}

/** Net deposits and net result of the active currency for today, this week and this month. */
function NetFigures() {
  const { t, i18n } = useTranslation();
  const accounts = useAccounts();
  const currency = activeAccount(accounts.data)?.currency;
  const summary = useLimitsSummary(currency);
  if (!currency || !summary.data) return null;
  const money = (amount: number) => formatMoney(amount, currency, undefined, i18n.language);
  const periods = ['daily', 'weekly', 'monthly'] as const;
  return (
    <Card id="figures" title={t('limits.figures.title')} text={t('limits.figures.text', { currency })}>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                <span className="sr-only">{t('limits.figures.period')}</span>
              </th>
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {t('limits.figures.netDeposits')}
              </th>
              <th scope="col" className="py-1.5 font-medium">
                {t('limits.figures.netResult')}
              </th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period} className="border-t border-line">
                <th scope="row" className="py-2 pr-3 font-medium text-fg">
                  {t(`limits.figures.${period}`)}
                </th>
                <td className="py-2 pr-3 tabular-nums text-fg">{money(summary.data[period].netDeposits)}</td>
                <td className={`py-2 tabular-nums ${summary.data[period].netResult < 0 ? 'text-danger' : 'text-fg'}`}>
                  {money(summary.data[period].netResult)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function RealityCheckCard() {
  const { t } = useTranslation();
  const current = useRealityCheck();
  const save = useSetRealityCheck();
  const [draft, setDraft] = useState<RealityCheck | null>(null);
  const value = draft ?? current.data;
  if (!value) return null;
  return (
    <Card id="reality" title={t('limits.reality.title')} text={t('limits.reality.text')}>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(value, {
            onSuccess: () => {
              setDraft(null);
              toast({ type: 'success', title: t('limits.reality.saved') });
            },
          });
        }}
      >
        <Select
          label={t('limits.reality.interval')}
          value={String(value.intervalMinutes)}
          onChange={(e) => setDraft({ ...value, intervalMinutes: Number(e.target.value) })}
          options={REALITY_CHECK_INTERVALS.map((m) => ({
            value: String(m),
            label: t('limits.reality.minutes', { count: m }),
          }))}
        />
        <Select
          label={t('limits.reality.session')}
          value={value.sessionMinutes === null ? '' : String(value.sessionMinutes)}
          onChange={(e) => setDraft({ ...value, sessionMinutes: e.target.value ? Number(e.target.value) : null })}
          options={[
            { value: '', label: t('limits.reality.noSessionLimit') },
            ...SESSION_TIME_LIMITS.map((m) => ({
              value: String(m),
              label: m < 60 ? t('limits.reality.minutes', { count: m }) : t('limits.reality.hours', { count: m / 60 }),
            })),
          ]}
        />
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" loading={save.isPending} disabled={!draft}>
            {t('limits.reality.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function BreakCard() {
  const { t } = useTranslation();
  const { open } = useModal();
  return (
    <Card id="break" title={t('limits.break.title')} text={t('limits.break.text')}>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => open('self-exclusion-limit', String(LimitDefinition.coolingOff))}
        >
          {t('limits.break.coolingOff')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => open('self-exclusion-limit', String(LimitDefinition.selfExclusion))}
        >
          {t('limits.break.selfExclusion')}
        </Button>
      </div>
      <p className="mt-3 text-xs text-muted">{t('limits.break.help')}</p>
    </Card>
  );
}
