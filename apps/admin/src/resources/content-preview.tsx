import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Link, Typography } from '@mui/material';
import type { Block, Inline } from '@casino/contracts';
import { api } from '../http.ts';

/**
 * A page's body as players get it: the server parses the Markdown as it does when saving (POST
 * /content/preview), and the blocks are drawn here as the player site draws them (apps/web
 * rich-text.tsx): text is always text, links open in a new tab.
 */
function Run({ run }: { run: Inline }) {
  let node: ReactNode = run.text;
  if (run.code) node = <code>{node}</code>;
  if (run.bold) node = <strong>{node}</strong>;
  if (run.italic) node = <em>{node}</em>;
  if (run.underline) node = <u>{node}</u>;
  if (run.strike) node = <s>{node}</s>;
  if (run.href)
    node = (
      <Link href={run.href} target="_blank" rel="noopener noreferrer">
        {node}
      </Link>
    );
  return node;
}

const Runs = ({ runs }: { runs: readonly Inline[] }) => runs.map((run, i) => <Run key={i} run={run} />);

const HEADING = ['h4', 'h5', 'h6', 'subtitle1', 'subtitle2', 'overline'] as const;

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading':
      return (
        <Typography component={`h${block.level}` as 'h1'} variant={HEADING[block.level - 1]} sx={{ mt: 1 }}>
          <Runs runs={block.children} />
        </Typography>
      );
    case 'paragraph':
      return (
        <Typography sx={{ whiteSpace: 'pre-line' }}>
          <Runs runs={block.children} />
        </Typography>
      );
    case 'quote':
      return (
        <Box component="blockquote" sx={{ m: 0, pl: 2, borderLeft: 4, borderColor: 'primary.light' }}>
          <Runs runs={block.children} />
        </Box>
      );
    case 'code':
      return (
        <Box component="pre" sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto' }}>
          <code>{block.text}</code>
        </Box>
      );
    case 'image':
      return <Box component="img" src={block.src} alt={block.alt} sx={{ maxWidth: '100%' }} />;
    case 'list': {
      const Tag = block.ordered ? 'ol' : 'ul';
      return (
        <Tag style={{ margin: 0 }}>
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

/** The preview of `markdown`, parsed by the server a moment after typing stops. */
export function ContentPreview({ markdown }: { markdown: string }) {
  const [blocks, setBlocks] = useState<Block[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api<{ blocks: Block[] }>('/content/preview', { method: 'POST', body: { markdown } }).then(
        ({ data }) => {
          if (!current) return;
          setBlocks(data.blocks);
          setError(null);
        },
        (e: Error) => current && setError(e.message),
      );
    }, 400);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [markdown]);
  return (
    <Box
      component="section"
      aria-label="Preview: what players see"
      sx={{ display: 'grid', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 200 }}
    >
      <Typography variant="overline" color="text.secondary" component="p">
        Preview: what players see
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {blocks?.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
      {blocks?.length === 0 && <Typography color="text.secondary">The page is empty.</Typography>}
    </Box>
  );
}
