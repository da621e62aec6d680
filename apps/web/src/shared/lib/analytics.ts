/** Analytics events go to the tag manager's data layer. */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(event: string, params: Record<string, unknown> = {}) {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...params });
}

export function trackPageView(pagePath: string, pageTitle: string) {
  track('page_view', { page_path: pagePath, page_title: pageTitle });
}
