/**
 * A bridge so code outside React (the HTTP client on 401/403) can navigate with the router.
 * The router root registers the navigator; before that, a full page load is the fallback.
 */
type Navigator = (path: string) => void;
let navigator: Navigator | null = null;

export function setNavigator(fn: Navigator | null) {
  navigator = fn;
}

export function navigateTo(path: string) {
  if (navigator) navigator(path);
  else window.location.assign(path);
}
