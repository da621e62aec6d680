import { useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { matchPath, useLocation, useNavigation } from '@/shared/router';
import { LocaleLink } from '@/shared/i18n';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { toast } from '@/shared/ui/toast.ts';
import { levelProgress, useLoyaltyAccount } from './api.ts';
import { onLoyaltyLevelUpdated } from './level-events.ts';
import { LevelAvatar } from './progress.tsx';
import './i18n/index.ts';

/** How long the level-up notice stays on a game page (a modal would cover the game). */
export const LEVEL_NOTICE_MS = 3000;

/**
 * The header's loyalty badge (players, loyalty on): the level's avatar and the progress toward the
 * next, a link to `/loyalty` (from the small-tablet width up; phones reach it from the menu). It also
 * tells a level-up: the level-up modal, or on a game page a notice for 3 seconds.
 */
export function HeaderLoyalty() {
  const { features } = usePlayerInit();
  if (!features.loyalty) return null;
  return <LoyaltyBadge />;
}

function LoyaltyBadge() {
  const { t } = useTranslation();
  const account = useLoyaltyAccount();
  const modal = useModal();
  // Where the player is going counts: a level reached while they leave a game (the next page still
  // loading) opens the modal on that page, not a notice on the game they left. The modal opens once
  // that page is there: opening it is a navigation of its own, which would cancel the one under way.
  const location = useLocation();
  const navigation = useNavigation();
  const onGame = matchPath('/:locale?/games/:id', (navigation.location ?? location).pathname) !== null;
  const navigating = navigation.state !== 'idle';
  const levelToShow = useRef<string | null>(null);

  useEffect(
    () =>
      onLoyaltyLevelUpdated((reached) => {
        if (onGame)
          toast({
            type: 'success',
            title: t('loyalty.notice', { name: reached.currentLevel.name }),
            duration: LEVEL_NOTICE_MS,
          });
        else if (navigating) levelToShow.current = String(reached.currentLevel.order);
        else modal.open('loyalty-level', String(reached.currentLevel.order));
      }),
    [onGame, navigating, modal, t],
  );
  useEffect(() => {
    if (navigating || levelToShow.current === null) return;
    modal.open('loyalty-level', levelToShow.current);
    levelToShow.current = null;
  }, [navigating, modal]);

  const data = account.data;
  if (!data) return null;
  const percent = levelProgress(data);
  const label = data.nextLevel
    ? t('loyalty.header', { name: data.currentLevel.name, percent })
    : t('loyalty.headerTop', { name: data.currentLevel.name });
  return (
    <LocaleLink
      to="/loyalty"
      aria-label={label}
      title={label}
      data-testid="header-loyalty"
      className="hidden items-center gap-2 rounded-xl px-1.5 py-1 transition-colors hover:bg-raised md:inline-flex"
    >
      <LevelAvatar name={data.currentLevel.name} order={data.currentLevel.order} size="sm" />
      <span className="flex w-16 flex-col gap-1" aria-hidden="true">
        <span className="truncate text-xs font-semibold text-fg">{data.currentLevel.name}</span>
        <span className="h-1.5 w-full overflow-hidden rounded-full bg-raised">
          <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
        </span>
      </span>
    </LocaleLink>
  );
}
