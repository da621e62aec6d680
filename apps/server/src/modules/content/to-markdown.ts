import type { Block, Inline } from '@casino/contracts';

/**
 * Stored blocks written back as Markdown, for staff to edit: the store keeps blocks only (what players
 * are served), so the editor's text is made from them and parsed again (markdown.ts) when saved.
 * parseContent(blocksToMarkdown(b)) gives b again, up to how runs are split (`sameBlocks`).
 */

type Mark = 'bold' | 'italic' | 'strike' | 'underline';
const MARKS: readonly Mark[] = ['bold', 'italic', 'strike', 'underline'];
const OPEN: Record<Mark, string> = { bold: '**', italic: '*', strike: '~~', underline: '<u>' };
const CLOSE: Record<Mark, string> = { bold: '**', italic: '*', strike: '~~', underline: '</u>' };

/** Characters Markdown reads as syntax inside a line, and `&` where it starts an entity. */
const escapeInline = (text: string) => text.replace(/[\\`*_[\]<~|]/g, (c) => `\\${c}`).replace(/&(?=#?\w+;)/g, '\\&');

/** At the start of a line: what would begin a heading, quote, list, rule or setext underline. */
const escapeLineStart = (line: string) =>
  line.replace(/^(\s*)([#>+\-=])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');

const escapeText = (text: string, atLineStart: boolean) =>
  text
    .split('\n')
    .map((line, i) => (i > 0 || atLineStart ? escapeLineStart(escapeInline(line)) : escapeInline(line)))
    .join('\n');

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((t) => t.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A link or image address: in angle brackets when it holds spaces or parentheses. */
const destination = (href: string) => (/[\s()]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href);

const marksOf = (run: Inline) => MARKS.filter((m) => run[m]);

/**
 * Runs of one link (or of no link): marks opened and closed around their text. A mark's delimiter may
 * not touch whitespace on its inner side (`** a**` is not bold), so whitespace at a run's edges is
 * written outside the marks that open or close there.
 */
function runsToMarkdown(runs: Inline[], atStart: boolean): string {
  let out = '';
  let open: Mark[] = [];
  let pending = '';
  const closeTo = (keep: Mark[]) => {
    // Marks close innermost first: those after the first one not kept are closed, and reopened if kept.
    const firstGone = open.findIndex((mark) => !keep.includes(mark));
    if (firstGone < 0) return;
    for (const m of open.slice(firstGone).toReversed()) out += CLOSE[m];
    open = open.slice(0, firstGone);
  };
  // Nothing but indentation before it on its line (a mark before it means it starts no block).
  const atLineStart = () => (atStart && /^[ \t]*$/.test(out)) || /\n[ \t]*$/.test(out);
  for (const run of runs) {
    const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(run.text) ?? [];
    if (!core) {
      pending += run.text;
      continue;
    }
    const wanted = marksOf(run);
    closeTo(wanted);
    out += pending + lead;
    const text = run.code ? codeSpan(core) : escapeText(core, atLineStart());
    for (const m of wanted.filter((mark) => !open.includes(mark))) {
      out += OPEN[m];
      open.push(m);
    }
    out += text;
    pending = trail;
  }
  closeTo([]);
  return out + pending;
}

/** Runs as Markdown: consecutive runs of one address are one link. */
export function inlineToMarkdown(runs: readonly Inline[]): string {
  const groups: { href: string | undefined; runs: Inline[] }[] = [];
  for (const run of merged(runs)) {
    const last = groups.at(-1);
    if (last && last.href === run.href) last.runs.push(run);
    else groups.push({ href: run.href, runs: [run] });
  }
  return groups
    .map((group, i) => {
      const text = runsToMarkdown(group.runs, i === 0);
      return group.href ? `[${text}](${destination(group.href)})` : text;
    })
    .join('');
}

/** Line breaks inside a block item keep to the item (a list item's indent, a quote's `>`). */
const indented = (text: string, prefix: string) => text.split('\n').join(`\n${prefix}`);

function blockToMarkdown(block: Block, previous: Block | undefined): string {
  switch (block.type) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${inlineToMarkdown(block.children).replace(/\n/g, ' ')}`;
    case 'paragraph':
      return inlineToMarkdown(block.children);
    case 'quote':
      return `> ${indented(inlineToMarkdown(block.children), '> ')}`;
    case 'code': {
      const longest = Math.max(0, ...(block.text.match(/^`{3,}/gm) ?? []).map((t) => t.length));
      const fence = '`'.repeat(Math.max(3, longest + 1));
      return `${fence}\n${block.text}\n${fence}`;
    }
    case 'image':
      return `![${escapeInline(block.alt)}](${destination(block.src)})`;
    case 'list': {
      // Two lists in a row stay two: the second uses the other marker.
      const other = previous?.type === 'list' && previous.ordered === block.ordered;
      return block.items
        .map((item, i) => {
          const marker = block.ordered ? `${i + 1}${other ? ')' : '.'} ` : other ? '* ' : '- ';
          return `${marker}${indented(inlineToMarkdown(item), ' '.repeat(marker.length))}`;
        })
        .join('\n');
    }
  }
}

export const blocksToMarkdown = (blocks: readonly Block[]): string =>
  blocks
    .map((block, i) => blockToMarkdown(block, blocks[i - 1]))
    .filter(Boolean)
    .join('\n\n');

/** Runs merged where they carry the same marks, empty ones dropped: how two texts compare. */
function merged(runs: readonly Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const run of runs) {
    if (!run.text) continue;
    const last = out.at(-1);
    const { text: _, ...marks } = run;
    const { text: __, ...lastMarks } = last ?? { text: '' };
    if (last && JSON.stringify(Object.entries(marks).sort()) === JSON.stringify(Object.entries(lastMarks).sort()))
      last.text += run.text;
    else out.push({ ...run });
  }
  return out;
}

const normal = (blocks: readonly Block[]): unknown[] =>
  blocks.map((b) =>
    b.type === 'list'
      ? { ...b, items: b.items.map(merged) }
      : 'children' in b
        ? { ...b, children: merged(b.children) }
        : b,
  );

/** Whether two lists of blocks show the same thing (runs may be split differently). */
export const sameBlocks = (a: readonly Block[], b: readonly Block[]) =>
  JSON.stringify(normal(a)) === JSON.stringify(normal(b));
