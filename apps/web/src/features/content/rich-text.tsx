import type { ReactNode } from 'react';
import type { Block, Inline } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';

/**
 * Content blocks rendered as React elements, one by one: text is always text (a `<script>` in content
 * shows as characters), and links to other sites open in a new tab without access to this one.
 */
function Run({ run }: { run: Inline }) {
  let node: ReactNode = run.text;
  if (run.code) node = <code className="rounded bg-raised px-1 py-0.5 text-[0.9em]">{node}</code>;
  if (run.bold) node = <strong className="font-semibold text-fg">{node}</strong>;
  if (run.italic) node = <em>{node}</em>;
  if (run.underline) node = <u>{node}</u>;
  if (run.strike) node = <s>{node}</s>;
  if (run.href) {
    const className = 'font-medium text-accent underline underline-offset-2 hover:text-accent-strong';
    node = run.href.startsWith('/') ? (
      <LocaleLink to={run.href} className={className}>
        {node}
      </LocaleLink>
    ) : (
      <a href={run.href} target="_blank" rel="noopener noreferrer" className={className}>
        {node}
      </a>
    );
  }
  return node;
}

const Runs = ({ runs }: { runs: readonly Inline[] }) => runs.map((run, i) => <Run key={i} run={run} />);

const HEADING_CLASS = [
  'text-3xl font-bold',
  'mt-8 text-2xl font-semibold',
  'mt-6 text-xl font-semibold',
  'mt-5 text-lg font-semibold',
  'mt-4 text-base font-semibold',
  'mt-4 text-sm font-semibold uppercase tracking-wide',
];

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as 'h1';
      return (
        <Tag className={`${HEADING_CLASS[block.level - 1]} text-fg`}>
          <Runs runs={block.children} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p className="leading-relaxed whitespace-pre-line">
          <Runs runs={block.children} />
        </p>
      );
    case 'quote':
      return (
        <blockquote className="border-l-4 border-accent/60 bg-raised/50 py-2 pl-4 text-fg">
          <Runs runs={block.children} />
        </blockquote>
      );
    case 'code':
      return (
        <pre className="overflow-x-auto rounded-xl bg-raised p-4 text-sm">
          <code>{block.text}</code>
        </pre>
      );
    case 'image':
      return <img src={block.src} alt={block.alt} loading="lazy" className="max-w-full rounded-xl" />;
    case 'list': {
      const Tag = block.ordered ? 'ol' : 'ul';
      return (
        <Tag className={`${block.ordered ? 'list-decimal' : 'list-disc'} space-y-1.5 pl-6 leading-relaxed`}>
          {block.items.map((item, i) => (
            <li key={i}>
              <Runs runs={item} />
            </li>
          ))}
        </Tag>
      );
    }
  }
}

export function RichText({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="flex flex-col gap-4 text-muted">
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}
