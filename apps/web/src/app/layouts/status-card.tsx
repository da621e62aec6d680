import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';

/** The centred message card shared by the 404, error and geo-restricted layouts. */
export function StatusCard({ icon, code, title, children }: { icon: IconName; code?: string; title: string; children?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-lg rounded-3xl border border-line bg-surface p-8 text-center shadow-card sm:p-10">
      <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-accent/12 text-accent">
        <Icon name={icon} className="size-7" />
      </div>
      {code && <p className="mt-6 text-5xl font-extrabold tracking-tight text-fg">{code}</p>}
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-fg">{title}</h1>
      <div className="mt-3 text-muted">{children}</div>
    </section>
  );
}
