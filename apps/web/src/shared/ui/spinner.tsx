import { cn } from '@/shared/lib/cn.ts';

type SpinnerProps = { label?: string; className?: string };

/** A spinning ring. With a label it announces itself; without one it is decoration (e.g. inside a busy button). */
export function Spinner({ label, className }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}
