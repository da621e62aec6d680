import net from 'node:net';

/**
 * A TCP hop between a node and PostgreSQL or Redis, to play an outage without touching the shared
 * servers: `cut` drops every connection and refuses new ones (the server is down), `freeze` keeps
 * connections open and accepts new ones but carries no byte either way until `restore` (a server
 * stopped with SIGSTOP and continued), `restore` also listens again after a cut.
 */
export type TcpProxy = {
  port: number;
  /** Connections accepted so far (a connection attempt the server would have had to answer). */
  readonly accepted: number;
  url(of: string): string;
  cut(): Promise<void>;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let frozen = false;
  let accepted = 0;
  let server: net.Server;
  let port = 0;

  const flow = ({ client, upstream }: { client: net.Socket; upstream: net.Socket }) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        accepted++;
        const upstream = net.connect(target.port, target.host);
        const pair = { client, upstream };
        pairs.add(pair);
        const end = () => {
          pairs.delete(pair);
          client.destroy();
          upstream.destroy();
        };
        if (!frozen) flow(pair);
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cutAll = async () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  await open();
  return {
    get port() {
      return port;
    },
    get accepted() {
      return accepted;
    },
    url(of) {
      const url = new URL(of);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: cutAll,
    freeze() {
      // Nothing is read, so bytes wait in the sockets' buffers, as they do for a stopped server.
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream).pause();
        upstream.unpipe(client).pause();
      }
    },
    async restore() {
      if (frozen) for (const pair of pairs) flow(pair);
      frozen = false;
      if (!server.listening) await open();
    },
    async close() {
      frozen = false;
      await cutAll();
    },
  };
}
