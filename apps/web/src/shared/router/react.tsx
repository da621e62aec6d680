import {
  Component,
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  createPath,
  matchPath,
  resolveTo,
  type Location,
  type NavigateOptions,
  type Params,
  type RouteMatch,
  type Router,
  type RouterState,
  type To,
} from './router.ts';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The route being rendered: its match (relative links resolve against it) and what its <Outlet/> shows. */
const RouteContext = createContext<{ match: RouteMatch | null; outlet: ReactNode }>({ match: null, outlet: null });
const ErrorContext = createContext<unknown>(undefined);

function useRouterState(): RouterState {
  const state = use(StateContext);
  if (!state) throw new Error('A router hook was used outside <RouterProvider>');
  return state;
}

/** Renders the router's current matches; its updates are transitions, so rendering yields to input. */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    // A change between the first render and this effect would otherwise be missed.
    if (router.state !== state) setState(router.state);
    return router.subscribe((next) => startTransition(() => setState(next)));
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per router
  }, [router]);
  if (!state.initialized) {
    const Fallback = router.routes[0]?.HydrateFallback;
    return Fallback ? <Fallback /> : null;
  }
  return (
    <RouterContext value={router}>
      <StateContext value={state}>{renderLevel(state, 0)}</StateContext>
    </RouterContext>
  );
}

function renderLevel(state: RouterState, index: number): ReactNode {
  const match = state.matches[index];
  if (!match) return null;
  const { route } = match;
  const { error } = state;
  // The closest route at or above the one whose loader failed, that has an error element, shows it.
  const boundary =
    error === null ? -1 : state.matches.findLastIndex((m, i) => i <= error.index && m.route.errorElement);
  if (error !== null && boundary === index) {
    return (
      <RouteContext value={{ match, outlet: null }}>
        <ErrorContext value={error.value}>{route.errorElement}</ErrorContext>
      </RouteContext>
    );
  }
  if (error !== null && boundary < 0 && index === 0) return <DefaultError error={error.value} />;
  const outlet = renderLevel(state, index + 1);
  const RouteComponent = route.Component;
  const node = (
    <RouteContext value={{ match, outlet }}>
      {RouteComponent ? <RouteComponent /> : route.element ? route.element : outlet}
    </RouteContext>
  );
  return route.errorElement ? (
    <RenderErrorBoundary location={state.location} fallback={route.errorElement}>
      {node}
    </RenderErrorBoundary>
  ) : (
    node
  );
}

function DefaultError({ error }: { error: unknown }) {
  return <p role="alert">{error instanceof Error ? error.message : 'Unexpected error'}</p>;
}

/** An error thrown while rendering a route shows its error element, until the location changes. */
class RenderErrorBoundary extends Component<
  { location: Location; fallback: ReactNode; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ): { error: unknown; location: Location } | null {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  override render() {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <ErrorContext value={this.state.error}>{this.props.fallback}</ErrorContext>
    );
  }
}

export function Outlet() {
  return use(RouteContext).outlet;
}

export const useLocation = (): Location => useRouterState().location;
export const useParams = (): Params => use(RouteContext).match?.params ?? {};
export const useRouteError = (): unknown => use(ErrorContext);
export const useNavigation = () => useRouterState().navigation;
/** The router itself: its `state` is where the app is and is going now, ahead of what has rendered. */
export const useRouter = (): Router => use(RouterContext)!;
export const useMatch = (pattern: string) => matchPath(pattern, useLocation().pathname);

/** `to` resolved as the current route sees it (relative paths against the route's matched path). */
function useResolved(to: To) {
  const location = useLocation();
  const from = use(RouteContext).match?.pathnameBase ?? '/';
  return resolveTo(to, from, location);
}

/** A navigate function that keeps its identity: relative paths resolve as the route sees them when called. */
export function useNavigate() {
  const router = use(RouterContext)!;
  const from = use(RouteContext).match?.pathnameBase ?? '/';
  const fromRef = useRef(from);
  useLayoutEffect(() => {
    fromRef.current = from;
  }, [from]);
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      router.navigate(typeof to === 'number' ? to : resolveTo(to, fromRef.current, router.state.location), options),
    [router],
  );
}

type SearchInit = string | URLSearchParams | Record<string, string> | [string, string][];

export function useSearchParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit | ((previous: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      return navigate(`?${new URLSearchParams(init)}`, options);
    },
    [navigate, params],
  );
  return [params, setParams] as const;
}

export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, as it mounts
  }, []);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
};

export function Link({ to, replace, state, preventScrollReset, onClick, target, children, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const href = createPath(useResolved(to));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    void navigate(href, { replace: replace ?? createPath(location) === href, state, preventScrollReset });
  };
  return (
    <a {...rest} href={href} target={target} onClick={click}>
      {children}
    </a>
  );
}

export type NavLinkProps = Omit<LinkProps, 'className' | 'style' | 'children'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  style?: CSSProperties | ((state: { isActive: boolean }) => CSSProperties | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
};

/** A Link that knows whether it is the current page (`aria-current="page"`, a class by `isActive`). */
export function NavLink({ end = false, className, style, children, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = useResolved(rest.to).pathname;
  const current = pathname.toLowerCase();
  const wanted = target.toLowerCase();
  const slashAt = wanted !== '/' && wanted.endsWith('/') ? wanted.length - 1 : wanted.length;
  const isActive = current === wanted || (!end && current.startsWith(wanted) && current.charAt(slashAt) === '/');
  const state = { isActive };
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className(state) : className}
      style={typeof style === 'function' ? style(state) : style}
    >
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}
