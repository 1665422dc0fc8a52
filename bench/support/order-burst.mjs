// One load-generating process of bench/market-open.mjs: holds a slice of the clients and sends
// each one's POST at its own moment after the open (an open-loop schedule: a slow answer never
// delays the next client's order, as it would not at a real open). node:http with keep-alive,
// no limit on sockets. Each answer's time is from its scheduled moment (so time spent waiting
// in this process counts too) to the end of its body; an answer is an error unless it is HTTP
// 200 with `code: 200` in the body. Driven over IPC by the parent:
//   {cmd:'run', url, openAt, requests:[{at, token, body}]} → {latencies, errors, reasons, firstAt, lastAt}
//   {cmd:'close'} → exits.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function send(url, { token, body }) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'idempotency-key': randomUUID(),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let code = response.statusCode;
          try {
            code = JSON.parse(text).code ?? code;
          } catch {
            // not JSON: the HTTP status stands
          }
          resolve(
            response.statusCode === 200 && code === 200
              ? null
              : `${response.statusCode}/${code} ${text.slice(0, 120)}`,
          );
        });
      },
    );
    request.on('error', (error) => resolve(error.code ?? error.message));
    request.end(payload);
  });
}

process.on('message', async (command) => {
  if (command.cmd === 'close') process.exit(0);
  if (command.cmd !== 'run') return;
  const { url, openAt, requests } = command;
  const latencies = [];
  const reasons = {};
  let errors = 0;
  let lastAt = 0;
  await Promise.all(
    requests.map(
      (r) =>
        new Promise((resolve) =>
          setTimeout(
            async () => {
              const failure = await send(url, r);
              const now = Date.now();
              lastAt = Math.max(lastAt, now);
              latencies.push(now - (openAt + r.at));
              if (failure) {
                errors++;
                reasons[failure] = (reasons[failure] ?? 0) + 1;
              }
              resolve();
            },
            Math.max(0, openAt + r.at - Date.now()),
          ),
        ),
    ),
  );
  process.send({ latencies, errors, reasons, lastAt });
});
