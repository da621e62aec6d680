/** A full reload, kept in its own module so tests can watch it (jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
