// The chat bench's baseline, in its own process: node:http and a raw `ws` server doing the least
// a chat can — the first frame's token names the socket's owner; a POST answers at once and
// broadcasts the message frame to the sender's sockets and to every agent socket. No database,
// no validation, no sign-in: the floor this machine sets for the same fan-out over the same
// sockets. Tokens are `client-<n>`; `agent` is the inbox.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const byToken = new Map();
const agents = new Set();

const server = http.createServer((request, response) => {
  if (request.method === 'GET') return response.end('ok');
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const token = (request.headers.authorization ?? '').slice('Bearer '.length);
    const input = JSON.parse(body);
    const message = {
      id: input.id,
      seq: 0,
      author: 'client',
      agent_name: null,
      text: input.text,
      image_url: null,
      status: 'sent',
      created_at: new Date().toISOString(),
    };
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ code: 200, message: 'OK', data: { message, duplicate: false } }));
    const frame = JSON.stringify({ type: 'chat', event: 'message', client_id: token, message });
    for (const socket of byToken.get(token) ?? []) socket.send(frame);
    for (const socket of agents) socket.send(frame);
  });
});

new WebSocketServer({ server }).on('connection', (socket) => {
  socket.once('message', (raw) => {
    const { token } = JSON.parse(String(raw));
    if (token === 'agent') agents.add(socket);
    else byToken.set(token, [...(byToken.get(token) ?? []), socket]);
    socket.send('{"type":"ready"}');
    socket.on('close', () => {
      agents.delete(socket);
      byToken.set(
        token,
        (byToken.get(token) ?? []).filter((s) => s !== socket),
      );
    });
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
