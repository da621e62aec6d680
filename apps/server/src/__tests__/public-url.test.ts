import { describe, expect, it } from 'vitest';
import { listeningUrl, loadConfig, publicUrlMismatch } from '../config.ts';

/**
 * PUBLIC_URL follows where the server listens unless it is set: `PORT=3100 npm start` used to launch
 * the sandbox sportsbook (and write mail links) at port 3000 — "The sportsbook is not available".
 */
describe('PUBLIC_URL', () => {
  it('defaults to the port the server listens on, not 3000', () => {
    const config = loadConfig({ PORT: '3100' });
    expect(config.publicUrl).toBe('http://localhost:3100');
    expect(config.publicUrlGiven).toBe(false);
    // The sandbox parties the server calls and frames are reached there too.
    expect(config.sportsbook?.host).toBe('http://localhost:3100/sandbox/sportsbook');
    expect(config.social?.domain).toBe('http://localhost:3100/sandbox/oidc');
  });

  it('names the address of a server listening on one interface', () => {
    expect(loadConfig({ PORT: '4100', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(listeningUrl('::1', 4100)).toBe('http://[::1]:4100');
    expect(listeningUrl('::', 4100)).toBe('http://localhost:4100');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it('is kept when set', () => {
    const config = loadConfig({ PORT: '3100', PUBLIC_URL: 'https://casino.example/' });
    expect(config.publicUrl).toBe('https://casino.example');
    expect(config.publicUrlGiven).toBe(true);
  });

  it('warns at start when a PUBLIC_URL on this machine names another port', () => {
    const local = loadConfig({ PORT: '3100', PUBLIC_URL: 'http://localhost:3000' });
    expect(publicUrlMismatch(local, 3100)).toMatch(/PUBLIC_URL is http:\/\/localhost:3000 .* port 3100/);
    expect(publicUrlMismatch(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }), 3001)).not.toBeNull();
    // The default, and a server started on a random port (PORT=0) whose PUBLIC_URL says which it got.
    expect(publicUrlMismatch(loadConfig({ PORT: '3100' }), 3100)).toBeNull();
    expect(publicUrlMismatch(loadConfig({ PORT: '0' }), 41234)).not.toBeNull();
    // A public name behind a proxy: its port is the proxy's, not this server's.
    expect(publicUrlMismatch(loadConfig({ PUBLIC_URL: 'https://casino.example' }), 3000)).toBeNull();
    expect(publicUrlMismatch(loadConfig({ PUBLIC_URL: 'http://casino.example:8080' }), 3000)).toBeNull();
    // The address the server listens on counts as this machine.
    const bound = loadConfig({ HOST: '10.1.2.3', PORT: '3000', PUBLIC_URL: 'http://10.1.2.3:80' });
    expect(publicUrlMismatch(bound, 3000)).not.toBeNull();
  });
});
