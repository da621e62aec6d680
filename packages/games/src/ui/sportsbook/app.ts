/** The client's frame: header, sports navigation, the page of the current path, the bet slip, polling. */
import type { ClientSession, SportId } from '../../sportsbook/api.ts';
import { formatMoney } from '../shell/money.ts';
import { SportsbookApi } from './api.ts';
import { MyBetsView } from './bets.ts';
import { OddsBook, Slip, type Ctx } from './context.ts';
import { h } from './dom.ts';
import { setLocale, t } from './i18n.ts';
import { connectParent, type ParentLink } from './messages.ts';
import { parseRoute, routePath, SPORTS, type Route } from './router.ts';
import { createSlip, type SlipView } from './slip.ts';
import { icon, type IconName } from './icons.ts';
import { sportName } from './names.ts';
import { formatOdds } from './slip-math.ts';
import { EventView, HomeView, NotFoundView, SportView, type View } from './views.ts';

function fatal(root: HTMLElement, title: string, text: string): void {
  root.replaceChildren(h('div', { class: 'fatal', role: 'alert' }, h('h1', {}, title), h('p', {}, text)));
}

export type StartOptions = {
  win?: Window;
  api?: SportsbookApi;
  parent?: ParentLink;
};

export async function startSportsbook(root: HTMLElement, options: StartOptions = {}): Promise<void> {
  const win = options.win ?? window;
  const query = new URLSearchParams(win.location.search);
  setLocale(query.get('locale') ?? win.navigator.language);
  const token = query.get('session');
  if (!token) {
    fatal(root, t('noSessionTitle'), t('noSessionText'));
    return;
  }
  const api = options.api ?? new SportsbookApi(token);
  let session: ClientSession;
  try {
    session = await api.session();
  } catch {
    fatal(root, t('brand'), t('startFailed'));
    return;
  }
  setLocale(session.locale || query.get('locale'));
  const localeTag = safeLocale(session.locale || query.get('locale') || 'en');
  win.document.documentElement.lang = localeTag;
  mount(root, { win, api, session, localeTag, parent: options.parent ?? connectParent(win), query });
}

function safeLocale(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

type MountEnv = {
  win: Window;
  api: SportsbookApi;
  session: ClientSession;
  localeTag: string;
  parent: ParentLink;
  query: URLSearchParams;
};

/** What the casino takes no bets on from the player's country. */
type Restricted = { sports: Set<string>; events: Set<string> };

/** The client's frame and the page on show: shared by the router's functions below. */
type App = {
  root: HTMLElement;
  env: MountEnv;
  ctx: Ctx;
  restricted: Restricted;
  navLinks: Map<string, HTMLAnchorElement>;
  main: HTMLElement;
  slipView: SlipView;
  currentPath: string;
  view: View | null;
  generation: number;
  timer: ReturnType<typeof setTimeout> | undefined;
};

function mount(root: HTMLElement, env: MountEnv): void {
  const { session } = env;
  // What the casino takes no bets on from the player's country: the launch's rules, and any refusal since.
  const restricted: Restricted = {
    sports: new Set(session.restricted?.sports ?? []),
    events: new Set(session.restricted?.events ?? []),
  };
  const { ctx, live, balanceValue } = createCtx(env, restricted, {
    onRestricted() {
      markNav(app);
      app.view?.render();
    },
    navigate: (path) => go(app, path, true),
  });
  const { navLinks, main, slipView } = renderFrame(root, ctx, live, balanceValue);
  const app: App = {
    root,
    env,
    ctx,
    restricted,
    navLinks,
    main,
    slipView,
    currentPath: '',
    view: null,
    generation: 0,
    timer: undefined,
  };
  markNav(app);
  startRouter(app);
}

/** An in-app path as a real href: the same page with `?path=`. */
function hrefFor(env: MountEnv, path: string): string {
  const next = new URLSearchParams(env.query);
  next.set('path', path);
  return `${env.win.location.pathname}?${next.toString()}`;
}

/**
 * The context every part of the client shares, with the live region it announces in and the header's
 * balance it sets; `frame` is where a new restriction and a navigation go.
 */
function createCtx(
  env: MountEnv,
  restricted: Restricted,
  frame: { onRestricted(): void; navigate(path: string): void },
) {
  const { api, session, localeTag, parent } = env;
  const money = { currency: session.currency, subunitToUnit: session.subunit };
  const format = (minor: number) => formatMoney(minor, money, localeTag);

  const live = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true' });
  let announceTimer: ReturnType<typeof setTimeout> | undefined;
  const announce = (text: string) => {
    // Cleared first so the same words are read again.
    live.textContent = '';
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => (live.textContent = text), 60);
  };

  const price = (thousandths: number) => formatOdds(thousandths, localeTag);
  const slip = new Slip();
  const odds = new OddsBook(slip, announce, price);
  const balanceValue = h('span', { class: 'balance-value mono' });
  const setBalance = (balance: number | null) => {
    session.balance = balance;
    balanceValue.textContent = balance === null ? '' : format(balance);
    balanceValue.parentElement?.toggleAttribute('hidden', balance === null);
  };

  const ctx: Ctx = {
    session,
    api,
    parent,
    localeTag,
    money: format,
    price,
    restriction: (event) =>
      restricted.sports.has(event.sport) ? 'sport' : restricted.events.has(event.id) ? 'event' : null,
    markRestricted(kind, ref) {
      const set = kind === 'sport' ? restricted.sports : restricted.events;
      if (set.has(ref)) return;
      set.add(ref);
      frame.onRestricted();
    },
    link(path, attrs, ...children) {
      return h('a', { ...attrs, href: hrefFor(env, path), 'data-path': path }, ...children);
    },
    navigate: (path) => frame.navigate(path),
    announce,
    slip,
    odds,
    setBalance,
  };
  return { ctx, live, balanceValue };
}

/** The frame: skip link, header with the balance, the sports navigation, the page's main and the slip. */
function renderFrame(root: HTMLElement, ctx: Ctx, live: HTMLElement, balanceValue: HTMLElement) {
  const { session } = ctx;
  const navLinks = new Map<string, HTMLAnchorElement>();
  const navItem = (path: string, label: string, iconName: IconName | SportId) => {
    const a = ctx.link(path, { class: 'nav-link' }, icon(iconName), label);
    navLinks.set(path, a);
    return h('li', {}, a);
  };
  const header = h(
    'header',
    { class: 'top' },
    ctx.link('/', { class: 'brand' }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '◆'), t('brand')),
    session.mode === 'demo'
      ? h('span', { class: 'guest-badge', title: t('demoTitle') }, t('demo'))
      : h('div', { class: 'balance' }, h('span', { class: 'balance-label' }, t('balance')), balanceValue),
  );
  const nav = h(
    'nav',
    { class: 'sports-nav', 'aria-label': t('sportsNav') },
    h(
      'ul',
      {},
      navItem('/', t('navHome'), 'home'),
      ...SPORTS.map((sport: SportId) => navItem(`/sports/${sport}`, sportName(sport), sport)),
      navItem('/my-bets', t('navMyBets'), 'ticket'),
    ),
  );
  const main = h('main', { class: 'main', id: 'main', tabindex: '-1' });
  const slipView = createSlip(ctx);
  root.classList.add('sb');
  root.replaceChildren(
    h('a', { class: 'skip', href: '#main' }, t('skip')),
    header,
    nav,
    h('div', { class: 'layout' }, main, slipView.el),
    live,
  );
  ctx.setBalance(session.balance);
  return { navLinks, main, slipView };
}

/** A sport the casino does not take from the player's country carries a lock in the navigation. */
function markNav(app: App): void {
  for (const sport of SPORTS) {
    const a = app.navLinks.get(`/sports/${sport}`);
    if (!a || !app.restricted.sports.has(sport) || a.querySelector('.na-mark')) continue;
    a.append(
      h('span', { class: 'na-mark', 'aria-hidden': 'true' }, icon('lock', 'lock')),
      h('span', { class: 'sr-only' }, `, ${t('notAvailable')}`),
    );
  }
}

/** Polling, re-rendering on slip changes, in-app links and the parent's navigation, then the first page. */
function startRouter(app: App): void {
  const { root, ctx } = app;
  const { win, parent, query } = app.env;
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState !== 'visible' || !app.view) return;
    clearTimeout(app.timer);
    void poll(app, app.generation, 0);
  });

  // Re-render the page when the slip changes (pressed odds buttons).
  ctx.slip.onChange(() => app.view?.render());

  root.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const a = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-path]') : null;
    if (!a) return;
    event.preventDefault();
    go(app, a.dataset.path!, true);
  });

  parent.listen((path) => go(app, path, false));
  const initial = query.get('path') || '/';
  parent.post({ source: 'sportsbook', type: 'ready' });
  go(app, initial, false, parseRoute(initial).name !== 'not-found' && routePath(parseRoute(initial)) !== initial);
}

function viewFor(ctx: Ctx, route: Route): View {
  switch (route.name) {
    case 'home':
      return new HomeView(ctx);
    case 'sport':
      return new SportView(ctx, route.sport);
    case 'event':
      return new EventView(ctx, route.id);
    case 'my-bets':
      return new MyBetsView(ctx);
    case 'not-found':
      return new NotFoundView(ctx);
  }
}

async function poll(app: App, gen: number, tick: number): Promise<void> {
  const { view } = app;
  if (gen !== app.generation || !view) return;
  if (app.env.win.document.visibilityState === 'hidden') return; // visibilitychange resumes
  await view.refresh(tick);
  if (gen !== app.generation) return;
  clearTimeout(app.timer);
  app.timer = setTimeout(() => void poll(app, gen, tick + 1), view.delay());
}

function go(app: App, path: string, userAction: boolean, post = true): void {
  const { root, main, navLinks } = app;
  const { win, parent } = app.env;
  const route = parseRoute(path);
  const canonical = route.name === 'not-found' ? path : routePath(route);
  if (canonical === app.currentPath) return;
  app.currentPath = canonical;
  app.generation++;
  clearTimeout(app.timer);
  app.view = viewFor(app.ctx, route);
  main.replaceChildren(app.view.el);
  for (const [p, a] of navLinks) {
    const active = p === routePath(route) && route.name !== 'not-found';
    if (active) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  navLinks.get(routePath(route))?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  try {
    win.history.replaceState(null, '', hrefFor(app.env, canonical));
  } catch {
    /* an opaque-origin frame may refuse; the casino keeps the path anyway */
  }
  if (post && route.name !== 'not-found') parent.post({ source: 'sportsbook', type: 'route', path: canonical });
  if (userAction) {
    win.scrollTo?.({ top: 0 });
    app.slipView.close();
  }
  const gen = app.generation;
  void poll(app, gen, 0).then(() => {
    if (!userAction || gen !== app.generation) return;
    const active = win.document.activeElement;
    if (active && active !== win.document.body && !root.querySelector('.sports-nav')?.contains(active)) return;
    (main.querySelector<HTMLElement>('h1') ?? main).focus({ preventScroll: true });
  });
}
