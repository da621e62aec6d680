import { useState } from 'react';
import type { Provider } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { providerLogo, srcSetOf } from '../lib/images.ts';

/**
 * A studio's 116×40 logo, or its name in the same box when there is no logo. `decorative` when
 * the name is written next to it anyway (then the image says nothing to screen readers).
 */
export function ProviderLogo({
  provider,
  decorative = false,
  className,
}: {
  provider: Provider;
  decorative?: boolean;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const set = providerLogo(provider);
  const box = cn('flex h-10 w-[116px] items-center justify-center', className);
  if (!set || broken) {
    return (
      <span
        className={cn(box, 'truncate text-sm font-bold tracking-tight text-fg')}
        aria-hidden={decorative || undefined}
      >
        {provider.name}
      </span>
    );
  }
  return (
    <img
      src={set['1x']}
      srcSet={srcSetOf(set)}
      alt={decorative ? '' : provider.name}
      width={116}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className={cn(box, 'object-contain')}
    />
  );
}
