import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownBlocks, parseContent } from '../markdown.ts';
import { BUNDLED_CONTENT_DIR } from '../service.ts';
import { blocksToMarkdown, sameBlocks } from '../to-markdown.ts';

/** The editor's Markdown is made from stored blocks: parsed again, it must give the same blocks. */
const roundTrips = (markdown: string) => {
  const blocks = markdownBlocks(markdown);
  const again = markdownBlocks(blocksToMarkdown(blocks));
  return { blocks, again, same: sameBlocks(blocks, again) };
};

describe('blocks written back as Markdown', () => {
  it('gives every bundled page its blocks again', () => {
    const files = fs
      .readdirSync(BUNDLED_CONTENT_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(39);
    for (const file of files) {
      const { blocks } = parseContent(fs.readFileSync(path.join(BUNDLED_CONTENT_DIR, file), 'utf8'));
      expect(sameBlocks(blocks, markdownBlocks(blocksToMarkdown(blocks))), file).toBe(true);
    }
  });

  it.each([
    '# Head *it* **b**',
    '1. one\n2. two\n\n1) three',
    '- a\n- b\n\n* c',
    '> quote **b**\n> line two',
    'a\\\nb',
    '```\ncode ``` x\n```',
    '![a picture](/img/a.png)',
    '[**x** y](https://a.b/(c))',
    'foo*bar*baz **a** _b_ ~~c~~ <u>d</u> `e` ``f`g``',
    '\\# not heading\n\n1\\. not list\n\n\\- no\n\n\\> no\n\n\\---',
    '&amp; \\&amp; a <script>x</script> | pipe',
    '***both*** and **bold *nested* bold**',
    'star \\* and under\\_score \\[brackets\\] !bang',
  ])('keeps %j', (markdown) => {
    const { blocks, again, same } = roundTrips(markdown);
    expect(same, JSON.stringify({ blocks, again })).toBe(true);
  });

  it('compares blocks however their runs are split', () => {
    expect(
      sameBlocks(
        [{ type: 'paragraph', children: [{ text: 'a' }, { text: 'b' }, { text: 'c', bold: true }] }],
        [{ type: 'paragraph', children: [{ text: 'ab' }, { text: 'c', bold: true }] }],
      ),
    ).toBe(true);
    expect(
      sameBlocks(
        [{ type: 'paragraph', children: [{ text: 'a' }] }],
        [{ type: 'paragraph', children: [{ text: 'b' }] }],
      ),
    ).toBe(false);
  });
});
