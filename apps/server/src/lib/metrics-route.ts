import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { laneStates, parkedCounts } from '../outbox/index.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether this request may read the metrics: the scraper's token, or (outside production, without one) a loopback peer. */
function mayRead(request: FastifyRequest, ctx: AppContext): boolean {
  const token = ctx.config.metricsToken;
  if (token) {
    const sent = Buffer.from(request.headers.authorization ?? '');
    // The previous token too while the scraper is switched over (METRICS_TOKEN_PREVIOUS).
    return [token, ctx.config.metricsTokenPrevious].some((accepted) => {
      const expected = Buffer.from(`Bearer ${accepted}`);
      return accepted !== null && sent.length === expected.length && timingSafeEqual(sent, expected);
    });
  }
  // The socket's peer, not request.ip: a proxy on this host must not make the public "loopback".
  return (
    !ctx.config.production && LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for']
  );
}

/**
 * `GET /metrics` (Prometheus text format), guarded from the public, and the request hook that feeds
 * the latency histogram and the wallet-call counter. Gauges (push connections, outbox lag per
 * consumer) are read when scraped.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { metrics } = ctx;
  metrics.gauge('push_connections', 'Open push connections on this node', [], (gauge) => {
    gauge.set(ctx.push?.connectionCount() ?? 0);
  });
  metrics.gauge('outbox_lag_events', 'Outbox events a consumer has not handled yet', ['consumer'], async (gauge) => {
    gauge.reset();
    for (const lane of await laneStates(ctx.db)) gauge.set({ consumer: lane.consumer }, lane.behind);
  });
  metrics.gauge(
    'outbox_parked_events',
    'Outbox events a consumer parked, waiting on an operator (npm run ops -- events)',
    ['consumer'],
    async (gauge) => {
      gauge.reset();
      for (const { consumer, parked } of await parkedCounts(ctx.db)) gauge.set({ consumer }, parked);
    },
  );

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    metrics.httpDuration.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    if (route.startsWith('/api/provider-wallet/'))
      metrics.walletCalls.inc({ call: route.slice('/api/provider-wallet/'.length), status });
    // Another aggregator's wallet (modules/game/providers/<id>/): `call` is `<id>/<call>`, e.g. `lantern/debit`.
    else if (route.startsWith('/api/game-wallet/'))
      metrics.walletCalls.inc({ call: route.slice('/api/game-wallet/'.length), status });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, ctx)) return reply.status(404).send({ error: { code: 404, message: 'Not found' } });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
