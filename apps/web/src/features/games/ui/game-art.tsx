import { useState } from 'react';
import type { ImageSet } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { srcSetOf } from '../lib/images.ts';

/** `decorative`: the name is written next to the art, so the image itself stays silent. */
type GameArtProps = {
  set: ImageSet | undefined;
  alt: string;
  width: number;
  height: number;
  decorative?: boolean;
  priority?: boolean;
  className?: string;
};

/**
 * A game's artwork, lazy and with 1x/2x sources. The box around it fixes the aspect ratio, so
 * nothing moves when the image arrives; a missing or broken image leaves a tinted tile with the initials.
 */
export function GameArt({ set, alt, width, height, decorative = false, priority = false, className }: GameArtProps) {
  const [broken, setBroken] = useState(false);
  if (!set || broken) {
    return (
      <span
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': alt })}
        className={cn(
          'grid place-items-center bg-gradient-to-br from-accent/25 via-raised to-surface text-2xl font-extrabold text-fg/70',
          className,
        )}
      >
        <span aria-hidden="true">{initials(alt)}</span>
      </span>
    );
  }
  return (
    <img
      src={set['1x']}
      srcSet={srcSetOf(set)}
      alt={decorative ? '' : alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setBroken(true)}
      className={cn('object-cover', className)}
    />
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
