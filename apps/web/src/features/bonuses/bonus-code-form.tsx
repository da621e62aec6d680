import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BONUS_CODE_PATTERN } from '@casino/contracts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import {
  lockedUntil,
  lockFrom,
  outcomeOf,
  refreshPlayerBonuses,
  useApplyBonusCode,
  type CodeOutcome,
} from './codes-api.ts';
import './i18n/index.ts';

type Message = { tone: 'success' | 'error'; text: string } | null;

/** A lock and the clock it is read against (set together, so a new lock never reads a stale clock). */
type Lock = { until: number; now: number } | null;

/** Seconds left of a lock (0 when open), ticking every second while locked. */
function useCountdown(stored: () => number | null) {
  const [lock, setLock] = useState<Lock>(() => {
    const until = stored();
    return until ? { until, now: Date.now() } : null;
  });
  const until = lock?.until ?? null;
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setLock({ until, now: at });
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = lock ? Math.max(0, Math.ceil((lock.until - lock.now) / 1000)) : 0;
  return { left, lockUntil: (next: number) => setLock({ until: next, now: Date.now() }) };
}

/** Applying a code: what became of it, and the countdown after too many wrong codes. */
function useApplyCode(trigger: 1 | 3, onApplied: (() => void) | undefined) {
  const { t } = useTranslation();
  const apply = useApplyBonusCode();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const { left, lockUntil } = useCountdown(lockedUntil);

  const submit = async (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!BONUS_CODE_PATTERN.test(typed)) return setMessage({ tone: 'error', text: t('bonuses.codes.invalid') });
    setMessage(null);
    try {
      const use = await apply.mutateAsync({ bonusCode: typed, trigger });
      const outcome: CodeOutcome = outcomeOf(use.status, use.reason);
      const ok = outcome === 'used' || outcome === 'accepted';
      setMessage({
        tone: ok ? 'success' : 'error',
        text: t(`bonuses.codes.status.${outcome}`, { code: use.bonusCode }),
      });
      if (ok) {
        setCode('');
        void refreshPlayerBonuses();
        onApplied?.();
      }
    } catch (error) {
      const lock = lockFrom(error);
      if (lock) return lockUntil(lock);
      setMessage({
        tone: 'error',
        text: isApiError(error) && error.status === 429 ? t('bonuses.codes.tooFast') : t('bonuses.codes.failed'),
      });
    }
  };
  return { pending: apply.isPending, code, setCode, message, left, submit };
}

/** Under the field: the time left while locked, else what became of the last code. */
function CodeNotice({ left, message }: { left: number; message: Message }) {
  const { t } = useTranslation();
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return left > 0 ? (
    <p role="alert" className="text-sm text-danger">
      {t('bonuses.codes.locked', { time: `${minutes}:${seconds}` })}
    </p>
  ) : message ? (
    <p
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={message.tone === 'error' ? 'text-sm text-danger' : 'text-sm text-success'}
    >
      {message.text}
    </p>
  ) : null;
}

/**
 * The promo-code form of the bonuses page (trigger 1) or the deposit form's code field (trigger 3: not
 * a form of its own, since it sits inside the deposit form; Enter applies it): says what became of the code, and after too many
 * wrong codes (error 5) counts down until it opens again.
 */
export function BonusCodeForm({ trigger = 1, onApplied }: { trigger?: 1 | 3; onApplied?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { pending, code, setCode, message, left, submit } = useApplyCode(trigger, onApplied);
  const locked = left > 0;

  const inDeposit = trigger === 3;
  const body = (
    <>
      {!inDeposit && (
        <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
          {t('bonuses.codes.title')}
        </h2>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={t(inDeposit ? 'bonuses.codes.depositTitle' : 'bonuses.codes.label')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={locked}
          onKeyDown={inDeposit ? (e) => e.key === 'Enter' && void submit(e) : undefined}
        />
        <Button
          type={inDeposit ? 'button' : 'submit'}
          variant={inDeposit ? 'secondary' : 'primary'}
          loading={pending}
          disabled={locked || !code.trim()}
          onClick={inDeposit ? (e) => void submit(e as unknown as FormEvent) : undefined}
        >
          {t('bonuses.codes.submit')}
        </Button>
      </div>
      <CodeNotice left={left} message={message} />
    </>
  );
  return inDeposit ? (
    <div className="space-y-2">{body}</div>
  ) : (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" aria-labelledby={`${id}-title`}>
      {body}
    </form>
  );
}
