import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';

type Props = {
  title: string;
  confirmed: boolean;
  pendingIcon: IconName;
  action?: ReactNode;
  children: ReactNode;
  /** Shown under the block at its full width (a provider's frame). */
  below?: ReactNode;
};

/** One block of the verification tab: a status mark (green shield once confirmed), a title, its content. */
export function VerificationCard({ title, confirmed, pendingIcon, action, children, below }: Props) {
  return (
    <div className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <div className="flex flex-wrap items-start gap-4">
        <span
          className={
            'grid size-12 shrink-0 place-items-center rounded-2xl ' +
            (confirmed ? 'bg-success/12 text-success' : 'bg-warn/12 text-warn')
          }
        >
          <Icon name={confirmed ? 'shield' : pendingIcon} className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold text-fg">{title}</h3>
          {children}
        </div>
        {action}
      </div>
      {below}
    </div>
  );
}
