import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

/** A profile sub-page: its heading and description (`{prefix}.title`, `{prefix}.description`), then its content. */
export function ProfileTab({ id, prefix, children }: { id: string; prefix: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t(`${prefix}.title`));
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-5">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-fg">
          {t(`${prefix}.title`)}
        </h2>
        <p className="mt-1 text-muted">{t(`${prefix}.description`)}</p>
      </div>
      {children}
    </section>
  );
}
