import { Lexer, type Token, type Tokens } from 'marked';
import type { Block, Inline } from '@casino/contracts';

/**
 * Content is written as Markdown files with a small front matter; it is stored and served as blocks.
 * marked's lexer reads the Markdown; only the block and mark types of the content model survive, and
 * raw HTML in a file stays text: nothing here ever becomes markup.
 */
export type ContentSource = {
  title: string;
  description: string;
  category: string | null;
  position: number;
  blocks: Block[];
};

/** Our own paths, http(s) and mailto; anything else (javascript:, data:) is dropped. */
export function safeHref(href: string): string | undefined {
  const value = href.trim();
  if (/^\/(?!\/)/.test(value) || /^https?:\/\//i.test(value) || /^mailto:/i.test(value)) return value;
  return undefined;
}

type Marks = Omit<Inline, 'text'>;

function inline(tokens: Token[] | undefined, marks: Marks = {}): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        out.push(...inline((token as Tokens.Strong).tokens, { ...marks, bold: true }));
        break;
      case 'em':
        out.push(...inline((token as Tokens.Em).tokens, { ...marks, italic: true }));
        break;
      case 'del':
        out.push(...inline((token as Tokens.Del).tokens, { ...marks, strike: true }));
        break;
      case 'codespan':
        out.push({ text: (token as Tokens.Codespan).text, ...marks, code: true });
        break;
      case 'link': {
        const href = safeHref((token as Tokens.Link).href);
        out.push(...inline((token as Tokens.Link).tokens, href ? { ...marks, href } : marks));
        break;
      }
      case 'br':
        out.push({ text: '\n', ...marks });
        break;
      case 'html': {
        // <u>…</u> is the one tag Markdown needs for underline; any other HTML is shown as text.
        const raw = (token as Tokens.HTML).raw;
        if (/^<u>$/i.test(raw)) marks = { ...marks, underline: true };
        else if (/^<\/u>$/i.test(raw)) {
          const { underline: _, ...rest } = marks;
          marks = rest;
        } else out.push({ text: raw, ...marks });
        break;
      }
      default: {
        const withChildren = token as { tokens?: Token[]; text?: string };
        if (withChildren.tokens?.length) out.push(...inline(withChildren.tokens, marks));
        else out.push({ text: decode(withChildren.text ?? token.raw), ...marks });
      }
    }
  }
  return out;
}

/** marked escapes text as entities; blocks hold plain text. */
const decode = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );

function blocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        out.push({ type: 'heading', level: Math.min(6, Math.max(1, heading.depth)), children: inline(heading.tokens) });
        break;
      }
      case 'paragraph': {
        const paragraph = token as Tokens.Paragraph;
        const image =
          paragraph.tokens.length === 1 && paragraph.tokens[0]!.type === 'image'
            ? (paragraph.tokens[0] as Tokens.Image)
            : null;
        if (image) {
          const src = safeHref(image.href);
          if (src) out.push({ type: 'image', src, alt: image.text });
        } else out.push({ type: 'paragraph', children: inline(paragraph.tokens) });
        break;
      }
      case 'blockquote':
        out.push({
          type: 'quote',
          children: (token as Tokens.Blockquote).tokens.flatMap((t) =>
            inline((t as { tokens?: Token[] }).tokens ?? [t]),
          ),
        });
        break;
      case 'code':
        out.push({ type: 'code', text: (token as Tokens.Code).text });
        break;
      case 'list': {
        const list = token as Tokens.List;
        out.push({
          type: 'list',
          ordered: list.ordered,
          items: list.items.map((item) =>
            item.tokens.flatMap((t) => inline((t as { tokens?: Token[] }).tokens ?? [t])),
          ),
        });
        break;
      }
      case 'html':
        out.push({ type: 'paragraph', children: [{ text: (token as Tokens.HTML).raw.trim() }] });
        break;
      default:
        break;
    }
  }
  return out;
}

/** A Markdown body as the content model's blocks (what an import and the back office's editor store). */
export const markdownBlocks = (markdown: string): Block[] => blocks(new Lexer().lex(markdown));

/** Front matter (`key: value` lines between `---`) and the Markdown body. */
export function parseContent(source: string): ContentSource {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  const meta = new Map<string, string>();
  for (const line of (match?.[1] ?? '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) meta.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const body = match ? source.slice(match[0].length) : source;
  const title = meta.get('title');
  if (!title) throw new Error('content needs a title in its front matter');
  return {
    title,
    description: meta.get('description') ?? '',
    category: meta.get('category') || null,
    position: Number(meta.get('position') ?? 0) || 0,
    blocks: markdownBlocks(body),
  };
}
