import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { cn } from '@/shared/lib/cn.ts';

export type ModalFrameProps = { title: string; description?: string; size?: 'sm' | 'md' | 'lg'; children?: ReactNode };

const widths = { sm: 'sm:w-[24rem]', md: 'sm:w-[28rem]', lg: 'sm:w-[40rem]' } as const;

/** The inside of a modal: title, optional description, close button, body. The host supplies Dialog.Content. */
export function ModalFrame({ title, description, size = 'md', children }: ModalFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={cn('w-full max-w-full', widths[size])}>
      <div className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-line sm:hidden" aria-hidden="true" />
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <Dialog.Title className="text-xl font-semibold tracking-tight text-fg">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>}
        </div>
        <Dialog.Close
          aria-label={t('common.close')}
          className="-mr-1 -mt-1 grid size-9 shrink-0 place-items-center rounded-lg text-muted transition-colors hover:bg-raised hover:text-fg"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </Dialog.Close>
      </div>
      <div className="mt-5">{children}</div>
    </div>
  );
}
