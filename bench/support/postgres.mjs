// A scratch PostgreSQL database for a benchmark, created on the server of DATABASE_URL and
// dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function scratchPostgres(serverUrl) {
  const name = `sampada_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
