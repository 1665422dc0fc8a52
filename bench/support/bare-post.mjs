// The HTTP baseline of bench/market-open.mjs, in its own process: a bare Fastify POST that parses
// the order's JSON and answers it in the server's envelope, with no sign-in, no validation and
// no database — what this box charges for an HTTP round trip with a JSON body and answer.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
app.post('/orders', async (request) => ({
  code: 200,
  message: 'Order placed',
  data: { id: randomUUID(), status: 'awaiting', ...request.body, pin: undefined },
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
