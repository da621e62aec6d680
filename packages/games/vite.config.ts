import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const page = (name: string) => fileURLToPath(new URL(`./${name}.html`, import.meta.url));

// Multi-page build: the provider server answers /sandbox/games/play/<sid> with dist/<engine>.html and
// /sandbox/games/verify with dist/verify.html, the sportsbook provider /sandbox/sportsbook/client with
// dist/sportsbook.html, so every asset URL must be absolute under that base.
export default defineConfig({
  base: '/sandbox/games/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // Each page is tiny; a warning past 60 kB minified flags something heavy slipping in.
    chunkSizeWarningLimit: 60,
    rolldownOptions: {
      input: {
        slot: page('slot'),
        roulette: page('roulette'),
        dice: page('dice'),
        crash: page('crash'),
        verify: page('verify'),
        sportsbook: page('sportsbook'),
      },
    },
  },
});
