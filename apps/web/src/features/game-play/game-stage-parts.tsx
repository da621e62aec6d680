import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { Spinner } from '@/shared/ui/spinner.tsx';
import type { PlayMode } from './launch-plan.ts';

// The stage is dark in both themes, so its controls use white tints rather than the theme's colours.
/** The quieter action of a plug, next to a primary Button of the same height. */
export const stagePlugButton =
  'inline-flex h-11 items-center justify-center rounded-xl bg-white/10 px-5 text-sm font-semibold text-white transition-colors hover:bg-white/15';
export const stageIconButton =
  'grid size-9 shrink-0 place-items-center rounded-lg text-white/80 transition-colors hover:bg-white/10 hover:text-white';

const ICONS = {
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  shrink: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

export function StageIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

/** Demo / real money, as two pressed-or-not buttons; a game without a demo shows only its mode. */
export function ModeSwitch({
  mode,
  canDemo,
  onChange,
}: {
  /** Null while the mode is not known yet: neither is pressed. */
  mode: PlayMode | null;
  canDemo: boolean;
  onChange: (mode: PlayMode) => void;
}) {
  const { t } = useTranslation();
  if (!canDemo) {
    return (
      <span className="rounded-lg bg-white/10 px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-white/80">
        {t('gamePlay.mode.real')}
      </span>
    );
  }
  // The visible word is the name; the legend says what the pair is about.
  const option = (value: PlayMode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => mode !== value && onChange(value)}
      className={cn(
        'h-8 rounded-md px-3 text-xs font-semibold transition-colors',
        mode === value
          ? value === 'real'
            ? 'bg-accent text-on-accent'
            : 'bg-white text-slate-900'
          : 'text-white/70 hover:text-white',
      )}
    >
      {label}
    </button>
  );
  return (
    <fieldset className="m-0 flex min-w-0 rounded-lg border-0 bg-white/10 p-0.5">
      <legend className="sr-only">{t('gamePlay.mode.label')}</legend>
      {option('demo', t('gamePlay.mode.demo'))}
      {option('real', t('gamePlay.mode.real'))}
    </fieldset>
  );
}

/** What stands in the game's place when it cannot (yet) run: a message and what the player can do. */
export function StagePlug({
  title,
  text,
  children,
  tone = 'default',
}: {
  title: string;
  text: string;
  children?: ReactNode;
  tone?: 'default' | 'alert';
}) {
  return (
    <div className="absolute inset-0 grid place-items-center overflow-y-auto p-6">
      <div
        role={tone === 'alert' ? 'alert' : undefined}
        className="w-full max-w-md rounded-2xl border border-white/10 bg-white/[0.04] p-6 text-center shadow-2xl backdrop-blur-sm sm:p-8"
      >
        <h2 className="text-lg font-semibold text-white sm:text-xl">{title}</h2>
        <p className="mt-2 text-sm text-white/70">{text}</p>
        {children && (
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">{children}</div>
        )}
      </div>
    </div>
  );
}

export function StageLoading({ label }: { label: string }) {
  return (
    <div className="absolute inset-0 grid place-items-center">
      <Spinner label={label} className="size-8 text-accent" />
    </div>
  );
}

type ToolbarProps = {
  name: string;
  mode: PlayMode | null;
  canDemo: boolean;
  /** The active account's balance, formatted; null when there is none (a guest). */
  balance: string | null;
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
  onMode: (mode: PlayMode) => void;
  onClose: () => void;
};

/** Above the game: its name (phones), the demo badge or the balance, the mode switch, full screen and close. */
export function StageToolbar({ name, mode, canDemo, balance, fullscreen, onMode, onClose }: ToolbarProps) {
  const { t } = useTranslation();
  const fullscreenLabel = fullscreen.active ? t('gamePlay.toolbar.exitFullscreen') : t('gamePlay.toolbar.fullscreen');
  return (
    <div className="flex h-12 shrink-0 items-center gap-1 border-b border-white/10 bg-white/[0.03] px-2 sm:gap-2 sm:px-3">
      <span className="min-w-0 flex-1 truncate pl-1 text-sm font-semibold text-white md:hidden" aria-hidden="true">
        {name}
      </span>
      <div className="hidden min-w-0 flex-1 items-center gap-2 pl-1 text-sm md:flex">
        {mode === 'demo' ? (
          <span className="flex items-center gap-2 text-white/60">
            <span className="size-2 rounded-full bg-warn" aria-hidden="true" />
            {t('gamePlay.mode.demoBadge')}
          </span>
        ) : (
          balance !== null && (
            <span className="flex items-baseline gap-2 tabular-nums" data-testid="stage-balance">
              <span className="text-white/60">{t('gamePlay.toolbar.balance')}</span>
              <span className="font-semibold text-white">{balance}</span>
            </span>
          )
        )}
      </div>
      <ModeSwitch mode={mode} canDemo={canDemo} onChange={onMode} />
      {fullscreen.supported && (
        <button
          type="button"
          onClick={fullscreen.toggle}
          aria-label={fullscreenLabel}
          title={fullscreenLabel}
          className={stageIconButton}
        >
          <StageIcon name={fullscreen.active ? 'shrink' : 'expand'} />
        </button>
      )}
      <button
        type="button"
        onClick={onClose}
        aria-label={t('gamePlay.toolbar.close')}
        title={t('gamePlay.toolbar.close')}
        className={stageIconButton}
      >
        <StageIcon name="close" />
      </button>
    </div>
  );
}
