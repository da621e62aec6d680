import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { modalZIndex } from '@casino/contracts';
import { useModal } from '@/shared/modals/use-modal.ts';
import type { ModalEntry } from '@/shared/modals/modal-query.ts';
import { useSwipeToClose } from '@/shared/modals/use-swipe-to-close.ts';
import { useReturnFocus } from '@/shared/lib/use-return-focus.ts';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { MODAL_COMPONENTS } from './modal-registry.ts';

/**
 * One modal of the stack. Radix gives the focus trap, Escape, outside click and aria wiring;
 * level N sits at z-index modalZIndex(N) (1000 + 2 per level), so a later modal covers an earlier one.
 * Phones get a bottom sheet that can be swiped down; from 640px a centred card.
 */
type ModalLayerProps = { entry: ModalEntry; level: number; onMounted: (name: string, mounted: boolean) => void };

export default function ModalLayer({ entry, level, onMounted }: ModalLayerProps) {
  const { close } = useModal();
  useEffect(() => {
    onMounted(entry.name, true);
    return () => onMounted(entry.name, false);
  }, [entry.name, onMounted]);
  const { t } = useTranslation();
  const onClose = () => close(entry.name);
  const swipe = useSwipeToClose(onClose);
  const returnFocus = useReturnFocus();
  // The host renders registered names only.
  const Component = MODAL_COMPONENTS[entry.name]!;
  const zIndex = modalZIndex(level);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="animate-fade-in fixed inset-0 bg-[var(--overlay)]"
          style={{ zIndex }}
          data-modal-overlay={entry.name}
        />
        <Dialog.Content
          aria-modal="true"
          data-modal={entry.name}
          data-modal-level={level}
          style={{ zIndex }}
          className={
            'modal-content fixed inset-x-0 outline-none bottom-0 max-h-[calc(var(--vh,1vh)*92)] overflow-y-auto overscroll-contain rounded-t-3xl border border-line bg-surface p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-card ' +
            'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:w-max sm:max-w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-7'
          }
          {...swipe}
          {...returnFocus}
        >
          <Suspense
            fallback={
              <div className="grid min-h-40 min-w-64 place-items-center">
                <Dialog.Title className="sr-only">{t('common.loading')}</Dialog.Title>
                <Spinner label={t('common.loading')} className="size-7 text-accent" />
              </div>
            }
          >
            <FocusFirstField>
              <Component name={entry.name} value={entry.value} close={onClose} />
            </FocusFirstField>
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Radix focuses the dialog when it opens, but a modal's own chunk arrives after that, so the focus
 * would stay on the container: once the modal has rendered, its first field takes the focus (a
 * keyboard user types at once), unless the user has already moved it.
 */
function FocusFirstField({ children }: { children: ReactNode }) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const dialog = marker.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== dialog) return;
    dialog.querySelector<HTMLElement>(FIELD)?.focus();
  }, []);
  return (
    <>
      <span ref={marker} hidden />
      {children}
    </>
  );
}
