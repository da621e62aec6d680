/**
 * The app's router: nested routes matched and ranked as React Router ranks them, lazy route modules,
 * loaders that run before a navigation commits (throwing `redirect()` or a `data()` error), browser
 * and memory histories. It replaces react-router, which cost ~30 KB gzip of the first load for a data
 * router whose actions, fetchers, forms and server rendering the app never uses (docs/decisions.md).
 */
import type { ComponentType, ReactNode } from 'react';

export type Params = Record<string, string | undefined>;

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** A new key for every navigation; 'default' for the first location. */
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Accepted for call sites written for react-router; scrolling is the app's (navigation-effects). */
  preventScrollReset?: boolean;
}

export interface LoaderFunctionArgs {
  params: Params;
  request: Request;
}

export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  loader?: (args: LoaderFunctionArgs) => unknown;
  lazy?: () => Promise<Partial<Pick<RouteObject, 'Component' | 'loader' | 'element'>>>;
  Component?: ComponentType | null;
  element?: ReactNode;
  errorElement?: ReactNode;
  HydrateFallback?: ComponentType;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  pathname: string;
  /** The part of the URL this route and its parents matched: what a relative link resolves against. */
  pathnameBase: string;
}

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  historyAction: HistoryAction;
  navigation: { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location };
  initialized: boolean;
  /** What a loader threw (or the 404 of a URL nothing matched), and the index of its match. */
  error: { index: number; value: unknown } | null;
}

/** A non-redirect answer a loader throws: `throw data({ kind }, { status: 404 })`. */
export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {}
}

export class Redirect {
  constructor(readonly location: string) {}
}

export const data = (value: unknown, init: { status: number }) => new ErrorResponse(init.status, value);
export const redirect = (location: string) => new Redirect(location);
export const isRouteErrorResponse = (error: unknown): error is ErrorResponse => error instanceof ErrorResponse;

// --- Paths -----------------------------------------------------------------------------------------

export function parsePath(path: string): Partial<Pick<Location, 'pathname' | 'search' | 'hash'>> {
  const parts: Partial<Pick<Location, 'pathname' | 'search' | 'hash'>> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) [parts.hash, rest] = [rest.slice(hashAt), rest.slice(0, hashAt)];
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) [parts.search, rest] = [rest.slice(searchAt), rest.slice(0, searchAt)];
  if (rest) parts.pathname = rest;
  return parts;
}

export const createPath = ({ pathname = '/', search = '', hash = '' }: Partial<Location>) =>
  pathname +
  (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') +
  (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');

const joinPaths = (...paths: string[]) => `/${paths.join('/')}`.replace(/\/\/+/g, '/');

/** `to` against the route's matched path (`from`) and the current location: as react-router resolves it. */
export function resolveTo(to: To, from: string, location: Location): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const target = typeof to === 'string' ? parsePath(to) : to;
  let pathname = location.pathname;
  if (target.pathname !== undefined && target.pathname !== '') {
    if (target.pathname.startsWith('/')) pathname = target.pathname;
    else {
      const segments = from.replace(/\/+$/, '').split('/');
      for (const segment of target.pathname.split('/')) {
        if (segment === '..') {
          if (segments.length > 1) segments.pop();
        } else if (segment !== '.') segments.push(segment);
      }
      pathname = segments.join('/') || '/';
    }
  } else if (target.pathname === '') pathname = from;
  return { pathname, search: normalize(target.search, '?'), hash: normalize(target.hash, '#') };
}

const normalize = (part: string | undefined, mark: string) =>
  !part || part === mark ? '' : part.startsWith(mark) ? part : mark + part;

// --- Matching --------------------------------------------------------------------------------------

interface Compiled {
  re: RegExp;
  names: string[];
}
const compiled = new Map<string, Compiled>();

function compile(pattern: string, end: boolean): Compiled {
  const cacheKey = `${end ? 1 : 0}${pattern}`;
  const hit = compiled.get(cacheKey);
  if (hit) return hit;
  const names: string[] = [];
  let source =
    '^' +
    pattern
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional?: string) => {
        names.push(name);
        return optional ? '(?:/([^\\/]+))?' : '/([^\\/]+)';
      });
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (pattern !== '' && pattern !== '/') source += '(?:(?=\\/|$))';
  const result = { re: new RegExp(source, 'i'), names };
  compiled.set(cacheKey, result);
  return result;
}

function decode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `pattern` (`/:locale?/games/:id`) against a whole pathname: its params, or null. */
export function matchPath(pattern: string, pathname: string, end = true) {
  const { re, names } = compile(pattern, end);
  const found = re.exec(pathname);
  if (!found) return null;
  const matched = found[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1];
    if (name === '*') {
      const splat = value ?? '';
      pathnameBase = matched.slice(0, matched.length - splat.length).replace(/(.)\/+$/, '$1');
    }
    params[name] = value === undefined ? undefined : decode(value);
  });
  return { params, pathname: matched, pathnameBase };
}

interface Branch {
  levels: { route: RouteObject; path: string }[];
  score: number;
}

/** `a/:b?/c` → `a/:b/c` and `a/c`, as react-router explodes optional segments for ranking. */
function explode(path: string): string[] {
  const segments = path.split('/');
  const first = segments[0]!;
  if (segments.length === 1 && !first.endsWith('?')) return [path];
  if (segments.length === 1) return [first.slice(0, -1), ''];
  const rest = explode(segments.slice(1).join('/'));
  const required = first.endsWith('?') ? first.slice(0, -1) : first;
  const withFirst = rest.map((r) => (r === '' ? required : `${required}/${r}`));
  return first.endsWith('?') ? [...withFirst, ...rest] : withFirst;
}

/** react-router's ranking: static segments 10, dynamic 3, empty 1, a splat −2, an index route +2. */
function score(path: string, index: boolean) {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

function flatten(routes: RouteObject[], parent: Branch['levels'] = [], out: Branch[] = []): Branch[] {
  for (const route of routes) {
    for (const path of explode(route.path ?? '')) {
      const levels = [...parent, { route, path }];
      if (route.children?.length) flatten(route.children, levels, out);
      if (route.path === undefined && !route.index) continue;
      out.push({ levels, score: score(joinPaths(...levels.map((l) => l.path)), route.index === true) });
    }
  }
  return out;
}

function rank(routes: RouteObject[]): Branch[] {
  // Stable: equal scores keep the order of the route table (children before their parent).
  return flatten(routes).sort((a, b) => b.score - a.score);
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const matches: RouteMatch[] = [];
  const params: Params = {};
  let pattern = '';
  for (const [i, { route, path }] of branch.levels.entries()) {
    pattern = joinPaths(pattern, path);
    const found = matchPath(pattern, pathname, i === branch.levels.length - 1);
    if (!found) return null;
    Object.assign(params, found.params);
    matches.push({ route, params, pathname: found.pathname, pathnameBase: found.pathnameBase });
  }
  return matches;
}

// --- Histories -------------------------------------------------------------------------------------

interface History {
  location(): Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Back or forward by `delta` entries; `onPop` hears of it (the browser's popstate). */
  go(delta: number): void;
  listen(onPop: () => void): void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function browserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = window.history.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  };
  const entry = (location: Location) => ({ usr: location.state, key: location.key });
  return {
    location: read,
    push: (location) => window.history.pushState(entry(location), '', createPath(location)),
    replace: (location) => window.history.replaceState(entry(location), '', createPath(location)),
    go: (delta) => window.history.go(delta),
    listen: (onPop) => window.addEventListener('popstate', onPop),
  };
}

function memoryHistory(initialEntries: string[]): History {
  const entries: Location[] = initialEntries.map((path, i) => ({
    pathname: '/',
    search: '',
    hash: '',
    ...parsePath(path),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  let popped = () => {};
  return {
    location: () => entries[index]!,
    push: (location) => {
      entries.splice(index + 1, entries.length, location);
      index = entries.length - 1;
    },
    replace: (location) => {
      entries[index] = location;
    },
    go: (delta) => {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      popped();
    },
    listen: (onPop) => {
      popped = onPop;
    },
  };
}

// --- The router ------------------------------------------------------------------------------------

export class Router {
  state: RouterState;
  private readonly branches: Branch[];
  private readonly listeners = new Set<(state: RouterState) => void>();
  private pending = 0;

  constructor(
    readonly routes: RouteObject[],
    private readonly history: History,
  ) {
    this.branches = rank(routes);
    const location = history.location();
    this.state = {
      location,
      matches: this.match(location.pathname).matches,
      historyAction: 'POP',
      navigation: { state: 'idle' },
      initialized: false,
      error: null,
    };
    history.listen(() => void this.start('POP', this.history.location()));
    void this.start('POP', location);
  }

  subscribe(listener: (state: RouterState) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Resolves once the first location's modules and loaders have run and it is committed. */
  ready(): Promise<void> {
    return new Promise((resolve) => {
      if (this.state.initialized) return resolve();
      const stop = this.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }

  /** Goes to `to` (absolute, or relative to the current location) once its loaders have run; a number goes back or forward. */
  navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      this.history.go(to);
      return Promise.resolve();
    }
    const target = resolveTo(to, this.state.location.pathname, this.state.location);
    const location: Location = { ...target, state: options.state ?? null, key: newKey() };
    // The same URL again replaces its entry rather than stacking a copy.
    const same = createPath(location) === createPath(this.state.location);
    return this.start(options.replace || same ? 'REPLACE' : 'PUSH', location);
  }

  private match(pathname: string): { matches: RouteMatch[]; notFound: boolean } {
    for (const branch of this.branches) {
      const matches = matchBranch(branch, pathname);
      if (matches) return { matches, notFound: false };
    }
    const root = this.routes[0];
    return {
      matches: root ? [{ route: root, params: {}, pathname: '/', pathnameBase: '/' }] : [],
      notFound: true,
    };
  }

  private async start(action: HistoryAction, location: Location, redirects = 0): Promise<void> {
    const id = ++this.pending;
    const { matches, notFound } = this.match(location.pathname);
    const current = this.state.location;
    const hashOnly =
      this.state.initialized &&
      location.pathname === current.pathname &&
      location.search === current.search &&
      location.hash !== '' &&
      location.hash !== current.hash;
    const due = hashOnly ? [] : this.due(matches, location);
    // Nothing to load (or only the hash changed): commit at once, in this call, as react-router does.
    const outcome = notFound
      ? { error: { index: 0, value: new ErrorResponse(404, null) } }
      : due.length === 0
        ? { ok: true as const }
        : await this.loading(due, matches, location);
    if (id !== this.pending) return; // a newer navigation took over
    if ('redirect' in outcome && redirects < 10) {
      const target = resolveTo(outcome.redirect, '/', location);
      // The browser already moved on a POP, and the first URL was never committed: both replace.
      const next = action === 'POP' || !this.state.initialized ? 'REPLACE' : action;
      return this.start(next, { ...target, state: null, key: newKey() }, redirects + 1);
    }
    if (action === 'PUSH') this.history.push(location);
    else if (action === 'REPLACE') this.history.replace(location);
    this.update({
      location,
      matches,
      historyAction: action,
      navigation: { state: 'idle' },
      initialized: true,
      error: 'error' in outcome ? outcome.error : null,
    });
  }

  /**
   * The matches whose lazy module or loader must run, by react-router's rules: a route not yet loaded,
   * new to the page or matching another part of the URL; every loader when the query changes or the
   * same URL is visited again (or the page shows an error).
   */
  private due(matches: RouteMatch[], location: Location): RouteMatch[] {
    const { initialized, matches: current, location: now, error } = this.state;
    const all = !initialized || error !== null || location.search !== now.search || location.pathname === now.pathname;
    return matches.filter((match, i) => {
      if (match.route.lazy) return true;
      if (!match.route.loader) return false;
      const before = current[i];
      if (all || before?.route !== match.route || before.pathname !== match.pathname) return true;
      return match.route.path?.endsWith('*') === true && before.params['*'] !== match.params['*'];
    });
  }

  private loading(due: RouteMatch[], matches: RouteMatch[], location: Location) {
    if (this.state.initialized) this.update({ navigation: { state: 'loading', location } });
    return this.load(due, matches, location);
  }

  /** Loads the due routes' lazy modules and runs their loaders, all at once. */
  private async load(
    due: RouteMatch[],
    matches: RouteMatch[],
    location: Location,
  ): Promise<{ redirect: string } | { error: RouterState['error'] } | { ok: true }> {
    const request = new Request(new URL(createPath(location), 'http://localhost'));
    const results = await Promise.all(
      due.map(async ({ route, params }) => {
        try {
          if (route.lazy) {
            Object.assign(route, await route.lazy());
            delete route.lazy;
          }
          return { value: await route.loader?.({ params, request }) };
        } catch (thrown) {
          return { thrown };
        }
      }),
    );
    for (const result of results) {
      const value = 'thrown' in result ? result.thrown : result.value;
      if (value instanceof Redirect) return { redirect: value.location };
    }
    const failed = results.findIndex((result) => 'thrown' in result);
    if (failed < 0) return { ok: true };
    return { error: { index: matches.indexOf(due[failed]!), value: (results[failed] as { thrown: unknown }).thrown } };
  }

  private update(patch: Partial<RouterState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}

export const createBrowserRouter = (routes: RouteObject[]) => new Router(routes, browserHistory());

export const createMemoryRouter = (routes: RouteObject[], { initialEntries = ['/'] } = {}) =>
  new Router(routes, memoryHistory(initialEntries));
