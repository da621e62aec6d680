import { useId } from 'react';
import { BRAND_NAME } from '@/shared/lib/brand.ts';
import { cn } from '@/shared/lib/cn.ts';

/** Brand mark + word mark. The text is real text (readable by screen readers, no image to load). */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  const [first, ...rest] = BRAND_NAME.split(' ');
  // Unique per instance (the logo appears in header and drawer); url(#…) wants a plain id.
  const gradient = `logo${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--accent-strong)" />
            <stop offset="1" stopColor="var(--accent)" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
        <path d="M16 6 25 16 16 26 7 16Z" fill="var(--on-accent)" opacity="0.92" />
        <path d="M16 11 20.5 16 16 21 11.5 16Z" fill={`url(#${gradient})`} />
      </svg>
      {!compact && (
        <span className="whitespace-nowrap text-lg font-extrabold tracking-tight text-fg">
          {first}
          {rest.length > 0 && <span className="font-medium text-muted"> {rest.join(' ')}</span>}
        </span>
      )}
      {compact && <span className="sr-only">{BRAND_NAME}</span>}
    </span>
  );
}
