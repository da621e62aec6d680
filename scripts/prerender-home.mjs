// Renders the home page's first screen into dist/home.html (see prerenderHome in build-web.mjs).
// Usage: node prerender-home.mjs <ssr bundle dir> <web dist dir>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [ssrDir, dist] = process.argv.slice(2);
const require = createRequire(path.join(import.meta.dirname, '../apps/web/package.json'));
const { JSDOM } = require('jsdom');

// The components read the document and storage only in effects and event handlers, but the locale
// loader sets <html lang>: a DOM stand-in covers that. No network: the page renders as before data.
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/' });
for (const key of ['window', 'document', 'localStorage', 'sessionStorage', 'navigator']) {
  Object.defineProperty(globalThis, key, { value: dom.window[key], configurable: true, writable: true });
}
globalThis.fetch = async () => {
  throw new Error('no network while prerendering');
};
// Whether the visitor is signed in is known only in their browser: the header's account corner is
// rendered as "being restored" (a placeholder), never as a guest's buttons a returning player would see flash.
localStorage.setItem('session', JSON.stringify({ accessToken: 'prerender', expiresAt: 0 }));

const { render } = await import(path.join(ssrDir, 'prerender.js'));
const markup = await render('http://localhost/');
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!index.includes(root)) throw new Error('index.html has no empty #root');
const stylesheet = /\s*<link rel="stylesheet"[^>]*>/.exec(index)?.[0] ?? '';
const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index);
if (!entry) throw new Error('index.html has no module entry script');
const preloads = [...index.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
// The painted first screen needs only the stylesheet and this page. The app's scripts are asked for
// once it has been painted, so on a slow line they do not share the bandwidth with the stylesheet
// (a browser's preload scanner would request them at once). Until then the screen is inert anyway.
const loader = `<script>
      (function () {
        function add(rel, href) {
          var el = document.createElement(rel === 'script' ? 'script' : 'link');
          el.crossOrigin = '';
          if (rel === 'script') {
            el.type = 'module';
            el.src = href;
          } else {
            el.rel = rel;
            el.href = href;
          }
          document.head.appendChild(el);
        }
        var started = false;
        function start() {
          if (started) return;
          started = true;
          add('script', ${JSON.stringify(entry[1])});
          ${JSON.stringify(preloads.map((m) => m[1]))}.forEach(function (href) {
            add('modulepreload', href);
          });
        }
        // Once the first paint is on screen (a browser without paint timing: after the next frame). A tab
        // opened in the background paints nothing until shown: at once. Whatever happens, within 3 s.
        var painted = function () {
          return performance.getEntriesByName('first-contentful-paint').length > 0;
        };
        if (document.visibilityState === 'hidden' || painted()) start();
        else if ((window.PerformanceObserver && PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0)
          new PerformanceObserver(function (list, observer) {
            if (!painted()) return;
            observer.disconnect();
            start();
          }).observe({ type: 'paint' });
        else
          requestAnimationFrame(function () {
            setTimeout(start, 0);
          });
        setTimeout(start, 3000);
      })();
    </script>`;
let home = index.replace(stylesheet, '').replace(entry[0], `\n    ${stylesheet.trim()}`);
for (const preload of preloads) home = home.replace(preload[0], '');
home = home
  .replace('</body>', `  ${loader}\n  </body>`)
  // Inert until the app renders over it: a click on a button without its handler would be lost, so
  // the first screen takes none (a browser, and Playwright's actionability checks, see nothing to hit).
  .replace(root, `<div id="root" data-prerendered=""><div inert style="display:contents">${markup}</div></div>`)
  // The first screen is already there: no splash over it.
  .replace(/<div id="preloader"[^>]*>[\s\S]*?<\/div>/, '');
fs.writeFileSync(path.join(dist, 'home.html'), home);
console.log(`Prerendered the home page (${Math.round(markup.length / 1024)} KB of markup).`);
// The rendered app leaves timers behind (query cache, i18n); the page is written, so end here.
process.exit(0);
