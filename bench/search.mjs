// Search latency over the whole instrument universe through the stock-data API
// (GET /stock/api/v1/search/), cycling through prefix, name and misspelt queries.
// Usage: node --import tsx bench/search.mjs [seconds]
import autocannon from 'autocannon';
import { startServer } from './support/server.mjs';

const duration = Number(process.argv[2] ?? 10);
const QUERIES = [
  'R',
  'RE',
  'REL',
  'HDFC',
  'bank',
  'infosys',
  'relaince',
  'tata',
  'M&M',
  'power',
  'pharma',
  'adani',
];

const { server, base, token } = await startServer({ port: 3203, name: 'bench-search' });
const key = (
  await (
    await fetch(`${base}/market/app/v1/config`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
).data.stock_api_key;

const result = await new Promise((resolve, reject) =>
  autocannon(
    {
      url: base,
      duration,
      connections: 10,
      headers: { 'x-api-key': key },
      requests: QUERIES.map((q) => ({
        method: 'GET',
        path: `/stock/api/v1/search/?query=${encodeURIComponent(q)}`,
      })),
    },
    (err, res) => (err ? reject(err) : resolve(res)),
  ),
);
server.kill('SIGTERM');
console.log(
  `\nGET /stock/api/v1/search/ over ${QUERIES.length} queries, 10 connections, ${duration} s\n`,
);
console.table([
  {
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  },
]);
process.exit(0);
