// The offline page's script (an external file: the site's CSP allows no unhashed inline script).
// It reads the session only to say it is kept, and retries: when the browser says it is online,
// every 15 s, and on the button; once the server answers, the page the player asked for loads.
// A block, so its constants stay out of the page's globals.
{
  const texts = {
    de: {
      title: 'Du bist offline',
      text: 'Lumen Casino ist gerade nicht erreichbar. Prüfe deine Verbindung.',
      session: 'Du bleibst angemeldet: Sitzung und Guthaben bleiben erhalten.',
      auto: 'Diese Seite versucht es von selbst erneut, sobald du wieder online bist.',
      retry: 'Erneut versuchen',
      trying: 'Verbindung wird geprüft…',
      still: 'Noch offline. Wir versuchen es weiter.',
      docTitle: 'Offline · Lumen Casino',
    },
    'pt-br': {
      title: 'Você está offline',
      text: 'Não conseguimos acessar o Lumen Casino agora. Verifique sua conexão.',
      session: 'Você continua conectado: sua sessão e seu saldo são mantidos.',
      auto: 'Esta página tenta de novo sozinha assim que você voltar a ficar online.',
      retry: 'Tentar novamente',
      trying: 'Verificando a conexão…',
      still: 'Ainda offline. Continuaremos tentando.',
      docTitle: 'Offline · Lumen Casino',
    },
    en: {
      trying: 'Checking the connection…',
      still: 'Still offline. We keep trying.',
    },
  };

  (function () {
    var root = document.documentElement;
    var lang = /^\/(de|pt-br)(\/|$)/.exec(location.pathname);
    var cookie = /(?:^|;\s*)user-language=(de|pt-br)/.exec(document.cookie);
    var code = lang ? lang[1] : cookie ? cookie[1] : 'en';
    var t = texts[code] || texts.en;
    root.lang = code;
    if (code !== 'en') {
      document.title = t.docTitle;
      document.querySelectorAll('[data-text]').forEach(function (el) {
        var text = t[el.getAttribute('data-text')];
        if (text) el.textContent = text;
      });
    }
    try {
      if (localStorage.getItem('color-scheme') === 'light') root.setAttribute('data-theme', 'light');
      if (localStorage.getItem('session')) document.querySelector('[data-text="session"]').hidden = false;
    } catch {
      // storage blocked: the defaults stand
    }

    var button = document.getElementById('retry');
    var status = document.getElementById('retry-status');
    var checking = false;
    // Straight to the server: the service worker never answers the build manifest from a cache.
    function reachable() {
      return fetch('/builds/latest.json', { cache: 'no-store' }).then(
        function (response) {
          return response.ok;
        },
        function () {
          return false;
        },
      );
    }
    function retry(byHand) {
      if (checking) return;
      checking = true;
      button.setAttribute('aria-busy', 'true');
      if (byHand) status.textContent = t.trying || texts.en.trying;
      reachable().then(function (ok) {
        checking = false;
        button.removeAttribute('aria-busy');
        // Reached directly (not in place of a page), there is no page to go back to: the home page.
        if (ok) location.replace(location.pathname === '/offline.html' ? '/' : location.href);
        else if (byHand) status.textContent = t.still || texts.en.still;
      });
    }
    button.addEventListener('click', function () {
      retry(true);
    });
    window.addEventListener('online', function () {
      retry(false);
    });
    setInterval(function () {
      retry(false);
    }, 15000);
  })();
}
