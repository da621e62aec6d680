import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFilesLimit } from '../lib/open-files.ts';

const limits = (openFiles: string): string => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'limits-')), 'limits');
  fs.writeFileSync(
    file,
    [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max processes             unlimited            unlimited            processes ',
      `Max open files            ${openFiles}                files     `,
    ].join('\n'),
  );
  return file;
};

describe('open files limit (what caps one process’s connections)', () => {
  it('reads the soft limit, unlimited, or nothing when it cannot tell', () => {
    expect(openFilesLimit(limits('20000                20000'))).toBe(20_000);
    expect(openFilesLimit(limits('unlimited            unlimited'))).toBe(Number.POSITIVE_INFINITY);
    expect(openFilesLimit('/nonexistent/limits')).toBeNull();
  });

  it.runIf(process.platform === 'linux')('reads this process’s own limit', () => {
    expect(openFilesLimit()).toBeGreaterThan(0);
  });
});
