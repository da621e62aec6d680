import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { buttonClass } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import './i18n/index.ts';

/** The quests hub's entry (user menu, the side nav and drawer, profile), shown when quests are on. */
export function QuestsEntry({
  className,
  labelClassName,
  onOpen,
}: {
  className?: string;
  /** The label's classes (the compact side nav keeps it for screen readers only). */
  labelClassName?: string;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  const { open } = useModal();
  const init = usePlayerInit();
  if (!init.features.quests) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        onOpen?.();
        open('quests-hub', 'active');
      }}
    >
      <Icon name="crown" className="text-muted" />
      <span className={labelClassName}>{t('quests.entry')}</span>
    </button>
  );
}

/** The profile page's quests block: what quests are, and the hub's entry. */
export function QuestsProfileCard() {
  const { t } = useTranslation();
  const { open } = useModal();
  const init = usePlayerInit();
  if (!init.features.quests) return null;
  return (
    <section
      aria-labelledby="profile-quests-title"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="min-w-0">
        <h2 id="profile-quests-title" className="text-base font-semibold text-fg">
          {t('quests.hub.title')}
        </h2>
        <p className="text-sm text-muted">{t('quests.hub.description')}</p>
      </div>
      <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => open('quests-hub', 'active')}>
        {t('quests.profile.open')}
      </button>
    </section>
  );
}
