import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This node's metrics in Prometheus format (`GET /metrics`, see docs/operations.md): request latency
 * by route, seamless-wallet calls and refusals, push connections and fan-out, job runs, outbox lag per
 * consumer, and the process's own (CPU, memory, event-loop delay). One registry per node, so test
 * servers in one process do not share counters.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    walletCalls: new Counter({
      name: 'wallet_calls_total',
      help: 'Seamless-wallet calls by call and HTTP status (anything but 200 is a refusal)',
      labelNames: ['call', 'status'] as const,
      registers,
    }),
    pushFanOut: new Histogram({
      name: 'push_fanout_seconds',
      help: 'Time to hand one publication to every subscriber on this node',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers,
    }),
    pushDeliveries: new Counter({
      name: 'push_deliveries_total',
      help: 'Publications handed to subscribers (one per subscriber)',
      registers,
    }),
    jobRuns: new Counter({
      name: 'job_runs_total',
      help: 'Periodic job runs by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    /** A gauge read when scraped (connections, outbox lag): `read` sets its values. */
    gauge(name: string, help: string, labelNames: string[], read: (gauge: Gauge) => Promise<void> | void) {
      return new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          await read(this);
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
