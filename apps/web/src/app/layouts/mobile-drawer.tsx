import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useReturnFocus } from '@/shared/lib/use-return-focus.ts';
import { Icon } from '@/shared/ui/icon.tsx';
import { Logo } from '@/shared/ui/logo.tsx';
import { useDrawer } from '../drawer-store.ts';
import { LocaleSwitcher } from './locale-switcher.tsx';
import { NavGroups } from './side-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/**
 * The off-canvas navigation below 1024px. A Radix dialog: focus moves in and is trapped,
 * Escape and a tap outside close it, focus returns to the menu button.
 */
export default function MobileDrawer() {
  const { t } = useTranslation();
  const open = useDrawer((s) => s.open);
  const setOpen = useDrawer((s) => s.setOpen);
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-[900] bg-[var(--overlay)] lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="animate-slide-in-left fixed outline-none inset-y-0 left-0 z-[901] flex w-[min(20rem,86vw)] flex-col overflow-y-auto border-r border-line bg-surface p-4 shadow-card lg:hidden"
        >
          <div className="mb-5 flex items-center justify-between">
            <Dialog.Title asChild>
              <h2>
                <Logo />
                <span className="sr-only">{t('nav.menu')}</span>
              </h2>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('nav.closeMenu')}
              className="grid size-10 place-items-center rounded-xl text-muted hover:bg-raised hover:text-fg"
            >
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.sections')} className="flex-1">
            <NavGroups />
          </nav>
          <div className="mt-5 flex items-center gap-2 border-t border-line pt-4">
            <LocaleSwitcher className="flex-1 [&_select]:w-full" />
            <ThemeToggle />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
