import type { ReactNode } from 'react';
import { cn } from '@/shared/lib/cn.ts';

const TONES = {
  success: { frame: 'border-success/40 bg-success/10', live: 'polite' },
  failure: { frame: 'border-danger/40 bg-danger/10', live: 'assertive' },
} as const;

/** How a deposit or withdrawal ended: a titled, announced panel with its text and what to do next. */
export function OutcomePanel(props: {
  headingId: string;
  tone: keyof typeof TONES;
  title: string;
  text: string;
  children: ReactNode;
}) {
  const tone = TONES[props.tone];
  return (
    <section
      aria-labelledby={props.headingId}
      aria-live={tone.live}
      className={cn('rounded-xl border p-5', tone.frame)}
    >
      <h3 id={props.headingId} className="text-lg font-semibold text-fg">
        {props.title}
      </h3>
      <p className="mt-1 text-sm text-muted">{props.text}</p>
      {props.children}
    </section>
  );
}
