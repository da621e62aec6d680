import type { ReactNode } from 'react';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';
import type { MinimalHeaderProps } from './minimal-header.tsx';
import { MinimalFrame } from './minimal-frame.tsx';

type StatusPageProps = {
  icon: IconName;
  code?: string;
  title: string;
  header?: MinimalHeaderProps;
  children?: ReactNode;
};

/** The 404, error and geo-restricted pages: one centred message card in the minimal frame; the card's title is the page title. */
export function StatusPage({ icon, code, title, header, children }: StatusPageProps) {
  usePageTitle(title);
  return (
    <MinimalFrame header={header}>
      <section className="mx-auto w-full max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-card sm:p-10">
        <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent/12 text-accent">
          <Icon name={icon} className="size-7" />
        </div>
        {code && <p className="mt-6 text-5xl font-extrabold tracking-tight text-fg">{code}</p>}
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-fg">{title}</h1>
        <div className="mt-3 text-muted">{children}</div>
      </section>
    </MinimalFrame>
  );
}
