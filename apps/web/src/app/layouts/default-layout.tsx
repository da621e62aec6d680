import { Suspense } from 'react';
import { Outlet, useMatch } from '@/shared/router';
import { cn } from '@/shared/lib/cn.ts';
import { ReturnToGameSlot } from '@/features/game-play';
import { SupportWidget } from '@/features/support';
import { BottomNav } from './bottom-nav.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { DrawerSlot } from './drawer-slot.tsx';
import { SideNav } from './side-nav.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

/** The site frame: header, side nav (desktop) or drawer (phones), page, footer, phone bottom nav. */
export function DefaultLayout() {
  // A game's controls (and the sportsbook's bet slip) sit at the bottom of its frame, where the floating
  // support button would cover them on a phone: those pages leave it out (help stays in the menu).
  const onGame = useMatch('/:locale?/games/:id') !== null;
  const onBetting = useMatch('/:locale?/betting') !== null;
  return (
    <div className="flex min-h-[calc(var(--vh,1vh)*100)] flex-col">
      <SkipLink />
      <Header />
      <div className="flex flex-1">
        <SideNav />
        <div className="flex min-w-0 flex-1 flex-col">
          <main
            id={MAIN_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            <Outlet />
          </main>
          <Footer />
          {/* Room for the fixed bottom nav on phones (and the chat button above it), so the footer's last
              line and the last card's buttons scroll clear of them. */}
          <div
            className={cn('md:hidden', onGame || onBetting ? 'h-16' : 'h-32')}
            aria-hidden="true"
            data-testid="bottom-room"
          />
        </div>
      </div>
      <BottomNav />
      <Suspense fallback={null}>
        <ReturnToGameSlot />
      </Suspense>
      <DrawerSlot />
      {!onGame && !onBetting && (
        <Suspense fallback={null}>
          <SupportWidget />
        </Suspense>
      )}
    </div>
  );
}
