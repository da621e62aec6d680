// A bare Fastify with one route answering what /api/health answers: the floor the empty route of the
// real server is compared with (same process model, same Node, no plugins, no hooks).
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(import.meta.dirname, '../apps/server/package.json'));
const Fastify = require('fastify');
const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ data: { status: 'ok' } }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`running: ${address}`);
process.on('SIGINT', () => app.close().then(() => process.exit(0)));
