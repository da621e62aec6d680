import { describe, expect, it } from 'vitest';
import type { RouteObject } from '@/shared/router';
import { isPagePath } from '@casino/contracts';
import { routes } from './routes.tsx';

/** Every path of the route table, with its parameters filled in. */
function paths(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path ? `${prefix}/${route.path}` : prefix;
    const own =
      route.index || route.path
        ? [here.replace(/:[a-zA-Z]+\??/g, (m) => (m.endsWith('?') ? '' : 'x')).replace(/\/+/g, '/') || '/']
        : [];
    return [...own, ...paths(route.children ?? [], here)];
  });
}

describe('route table', () => {
  it('the server knows every page path the app routes (and so answers them 200, anything else 404)', () => {
    const all = paths(routes);
    expect(all.length).toBeGreaterThan(20);
    for (const path of all) expect(isPagePath(path), path).toBe(true);
    const rootOnly = ['/verify', '/password', '/dev/'];
    for (const path of all.filter((p) => !rootOnly.some((prefix) => p.startsWith(prefix)))) {
      expect(isPagePath(`/de${path === '/' ? '' : path}`), `/de${path}`).toBe(true);
    }
    expect(isPagePath('/nope')).toBe(false);
  });
});
