import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler } from '../serializer.ts';

const game = z.object({
  id: z.string(),
  ratio: z.number().nullable(),
  labels: z.array(z.object({ name: z.string(), at: z.string().nullable() })),
  provider: z.object({ name: z.string() }).nullable(),
  kind: z.enum(['slots', 'live']),
  note: z.string().optional(),
});

async function appAnswering(verify: boolean, answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify }));
  app.get('/game', { schema: { response: { 200: z.object({ data: game }) } } }, async () => answer as never);
  return app;
}

const good = {
  id: 'g1',
  ratio: null,
  labels: [{ name: 'new', at: null }],
  provider: { name: 'Studio' },
  kind: 'slots',
};

describe('response serialisation', () => {
  it('writes what the schema declares, the same as zod, and never an undeclared field', async () => {
    for (const verify of [false, true]) {
      const app = await appAnswering(verify, {
        data: { ...good, passwordHash: 'secret', provider: { name: 'Studio', apiKey: 'k' } },
      });
      const res = await app.inject({ method: 'GET', url: '/game' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: good });
      expect(res.body).not.toMatch(/secret|apiKey/);
    }
  });

  it('under tests, an answer its schema does not allow is a server error, as zod makes it', async () => {
    const app = await appAnswering(true, { data: { ...good, kind: 'poker' } });
    expect((await app.inject({ method: 'GET', url: '/game' })).statusCode).toBe(500);
  });
});
