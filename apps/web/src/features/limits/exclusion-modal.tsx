import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { COOLING_OFF_PERIODS, LimitDefinition, SELF_EXCLUSION_PERIODS, type PlayerLimit } from '@casino/contracts';
import { signedOutByServer } from '@/features/auth';
import { isApiError } from '@/shared/lib/http.ts';
import { expectSessionEnd } from '@/shared/lib/socket.ts';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Checkbox } from '@/shared/ui/checkbox.tsx';
import { useStartExclusion } from './api.ts';
import { useWhen } from './time.ts';
import './i18n/index.ts';

const ALIASES = new Set(['daily', 'weekly', 'monthly']);

/** The lengths offered, as a radio group of cards. */
function PeriodPicker({
  periods,
  value,
  onChange,
}: {
  periods: readonly string[];
  value: string;
  onChange: (period: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-fg">{t('limits.exclusion.period')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {periods.map((p) => (
          <label
            key={p}
            className="flex cursor-pointer items-center gap-2 rounded-xl border border-line bg-page px-3 py-2.5 text-sm text-fg has-[:checked]:border-accent has-[:checked]:bg-accent/10"
          >
            <input
              type="radio"
              name="period"
              value={p}
              checked={value === p}
              onChange={() => onChange(p)}
              className="accent-[var(--accent)]"
            />
            {t(`limits.periods.${p}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * `?self-exclusion-limit=<4|5>`: a cooling-off (5) or a self-exclusion (4). It starts at once, signs
 * the player out on every device and cannot be shortened, so the player confirms they understand.
 */
export default function ExclusionModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const definition =
    value === String(LimitDefinition.selfExclusion) ? LimitDefinition.selfExclusion : LimitDefinition.coolingOff;
  // "Daily", "weekly" and "monthly" last as long as "1 day", "1 week" and "1 month": each length is offered once.
  const periods: readonly string[] = (
    definition === LimitDefinition.selfExclusion ? SELF_EXCLUSION_PERIODS : COOLING_OFF_PERIODS
  ).filter((p) => !ALIASES.has(p));
  const [period, setPeriod] = useState(periods[0]!);
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<PlayerLimit | null>(null);
  const add = useStartExclusion();
  const kind = definition === LimitDefinition.selfExclusion ? 'selfExclusion' : 'coolingOff';
  const until = useWhen(done?.expiredAt ?? null);

  if (done)
    return (
      <ModalFrame title={t(`limits.exclusion.${kind}.doneTitle`)} size="sm">
        <output className="block space-y-3 text-sm text-fg">
          <p>{done.expiredAt ? t('limits.exclusion.doneUntil', { until }) : t('limits.exclusion.doneForever')}</p>
          <p className="text-muted">{t('limits.exclusion.doneSignedOut')}</p>
          <p className="text-muted">{t('limits.exclusion.help')}</p>
        </output>
        <Button block className="mt-6" onClick={signedOutByServer}>
          {t('limits.exclusion.leave')}
        </Button>
      </ModalFrame>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!understood) {
      setError(t('limits.exclusion.confirmFirst'));
      return;
    }
    setError(null);
    // The server ends this session too: its socket closing is expected, not a sign of trouble.
    const undo = expectSessionEnd();
    add.mutate(
      { definition, period: period as 'forever' },
      {
        onSuccess: (limit) => setDone(limit),
        onError: (failure) => {
          undo();
          setError(isApiError(failure) ? failure.message : t('limits.errors.generic'));
        },
      },
    );
  };

  return (
    <ModalFrame title={t(`limits.exclusion.${kind}.title`)} description={t(`limits.exclusion.${kind}.text`)}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <PeriodPicker periods={periods} value={period} onChange={setPeriod} />
        <Checkbox
          label={t(`limits.exclusion.${kind}.understand`)}
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
        />
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" block loading={add.isPending}>
          {t(`limits.exclusion.${kind}.start`)}
        </Button>
      </form>
    </ModalFrame>
  );
}
