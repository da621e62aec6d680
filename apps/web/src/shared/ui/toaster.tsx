import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { dismissToast, useToasts, type ToastType } from './toast.ts';

const accents: Record<ToastType, string> = {
  error: 'border-l-danger',
  warn: 'border-l-warn',
  success: 'border-l-success',
  default: 'border-l-accent',
};
const icons: Record<ToastType, string> = {
  error: 'M12 8v5m0 3h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  warn: 'M12 9v4m0 4h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  success: 'm5 13 4 4L19 7',
  default: 'M12 16v-4m0-4h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
};
const iconColors: Record<ToastType, string> = {
  error: 'text-danger',
  warn: 'text-warn',
  success: 'text-success',
  default: 'text-accent',
};

/** Toasts top right, 300px wide. Texts are React text nodes: server strings can never inject HTML. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const { t } = useTranslation();
  return (
    <section
      aria-live="polite"
      aria-label={t('toast.region')}
      className="pointer-events-none fixed right-4 top-[4.75rem] z-[3000] flex w-[300px] max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((item) => (
        <button
          key={item.id}
          type="button"
          onClick={() => dismissToast(item.id)}
          data-toast-type={item.type}
          className={cn(
            'animate-toast-in pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-line border-l-4 bg-surface p-3.5 text-left shadow-card',
            accents[item.type],
          )}
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className={cn('mt-0.5 size-5 shrink-0', iconColors[item.type])}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={icons[item.type]} />
          </svg>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-semibold text-fg">{item.title}</span>
            {item.description && <span className="mt-0.5 block text-sm text-muted">{item.description}</span>}
            <span className="sr-only">{t('toast.dismiss')}</span>
          </span>
        </button>
      ))}
    </section>
  );
}
