import type { ReactNode } from 'react';
import { MinimalHeader, type MinimalHeaderProps } from './minimal-header.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

type MinimalFrameProps = { header?: MinimalHeaderProps; skipLink?: boolean; footer?: ReactNode; children: ReactNode };

/** The pared-down frame without navigation: logo header, the content centred in <main>, an optional footer. */
export function MinimalFrame({ header, skipLink = false, footer, children }: MinimalFrameProps) {
  return (
    <div className="flex min-h-[calc(var(--vh,1vh)*100)] flex-col">
      {skipLink && <SkipLink />}
      <MinimalHeader {...header} />
      <main id={MAIN_ID} tabIndex={-1} className="grid flex-1 place-items-center px-4 py-10 outline-none">
        {children}
      </main>
      {footer}
    </div>
  );
}
