import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDashboardFigureSchema, dataEnvelope } from '@casino/contracts';
import type { DashboardFigure } from '../../lib/dashboard.ts';
import { mayDo } from './principal.ts';
import type { Who } from './routes.ts';

/**
 * `GET /api/admin/dashboard`: the figures of every running module (their manifests' `dashboard`) that
 * the caller's role may read, each read at once; one that fails is shown empty, not the whole page.
 */
export const dashboardRoutes =
  (figures: readonly DashboardFigure[], who: Who, log: { warn(o: object, m: string): void }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['admin'],
          summary: "Today's figures and the queues' lengths the caller's role may read",
          response: { 200: dataEnvelope(z.array(adminDashboardFigureSchema)) },
        },
      },
      async (request) => {
        const principal = await who(request);
        const shown = figures.filter((f) => mayDo(principal, f.permission));
        const values = await Promise.all(
          shown.map((f) =>
            f.value().catch((err: unknown) => {
              log.warn({ err, figure: f.key }, 'dashboard: a figure failed');
              return null;
            }),
          ),
        );
        return {
          data: shown.map((f, i) => ({
            key: f.key,
            label: f.label,
            value: values[i]!,
            to: f.to,
            queue: f.queue ?? null,
          })),
        };
      },
    );
  };
