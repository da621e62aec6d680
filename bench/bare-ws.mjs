// The push bench's fair peer (issue 40): a bare `ws` server with no protocol. It hears the same
// publications through the same Redis broker the hub uses and writes each to every socket as the same
// bytes the hub writes (one Centrifuge push frame, encoded once), so the difference with the hub is the
// hub's own work: its protocol, subscriptions and bookkeeping. It reports its fan-out times (a
// publication's arrival to its last socket write) over IPC.
import http from 'node:http';
import { WebSocketServer } from 'ws';
import { createRedisBroker } from '../apps/server/src/push/redis-broker.ts';

const { channel, redisUrl } = JSON.parse(process.env.BARE_WS);
const sockets = new Set();
const fanOutMs = [];
const server = http.createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => sockets.delete(socket));
});
const broker = createRedisBroker(redisUrl);
await broker.subscribe(channel, (pub) => {
  const arrived = performance.now();
  const frame = JSON.stringify({ push: { channel, pub: { data: pub.data, offset: pub.offset } } });
  for (const socket of sockets) socket.send(frame);
  fanOutMs.push(performance.now() - arrived);
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', async (message) => {
  if (message === 'fanOut') process.send({ fanOutMs });
  if (message === 'stop') {
    await broker.close();
    for (const socket of sockets) socket.terminate();
    server.close(() => process.exit(0));
  }
});
