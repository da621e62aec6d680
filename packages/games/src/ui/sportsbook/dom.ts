/** DOM helpers of the sportsbook client (on top of the games' tiny element builder). */
export { h } from '../shell/dom.ts';

/**
 * Replaces a container's children and gives focus back to the element with the same
 * `data-focus-key` (an odds button, a tab) when the focus was inside: polls re-render often.
 */
export function replaceKeepingFocus(container: HTMLElement, ...nodes: Node[]): void {
  const active = document.activeElement;
  const key = active instanceof HTMLElement && container.contains(active) ? active.dataset.focusKey : undefined;
  container.replaceChildren(...nodes);
  if (key) {
    for (const el of container.querySelectorAll<HTMLElement>('[data-focus-key]')) {
      if (el.dataset.focusKey !== key) continue;
      el.focus({ preventScroll: true });
      break;
    }
  }
}
