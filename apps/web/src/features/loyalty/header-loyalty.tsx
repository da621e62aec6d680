import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { matchPath, useLocation, useRouter } from '@/shared/router';
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
  // loading, or there and not yet drawn) opens the modal on that page, not a notice on the game they
  // left. So the router's own state decides, not the last one rendered. The modal opens once that page
  // is drawn: opening it edits the drawn page's URL, and would cancel a navigation under way.
  const router = useRouter();
  const location = useLocation();
  const levelToShow = useRef<string | null>(null);
  const drawn = useRef(location.key);

  const openIfDrawn = useCallback(() => {
    const { navigation, location: now } = router.state;
    if (levelToShow.current === null || navigation.state !== 'idle' || now.key !== drawn.current) return;
    modal.open('loyalty-level', levelToShow.current);
    levelToShow.current = null;
  }, [router, modal]);

  useEffect(() => {
    drawn.current = location.key;
    openIfDrawn();
  }, [location.key, openIfDrawn]);

  useEffect(
    () =>
      onLoyaltyLevelUpdated((reached) => {
        const { location: now, navigation } = router.state;
        if (matchPath('/:locale?/games/:id', (navigation.location ?? now).pathname) === null) {
          levelToShow.current = String(reached.currentLevel.order);
          openIfDrawn();
        } else
          toast({
            type: 'success',
            title: t('loyalty.notice', { name: reached.currentLevel.name }),
            duration: LEVEL_NOTICE_MS,
          });
      }),
    [router, openIfDrawn, t],
  );

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
