// Where a 2-core box's CPU goes during a run: PostgreSQL's processes (the machine's server or
// the embedded one: every process named `postgres`), and the whole box's busy share. A bench
// that reads only its server's CPU cannot tell a slow server from a box with no core to spare;
// these say which (issue 37: the market-open burst's capacity on this box).
import { readdirSync, readFileSync } from 'node:fs';

/** A process's name and its /proc/<pid>/stat fields after the name (state first). */
export const procStat = (pid) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  return { comm: text.slice(open + 1, close), fields: text.slice(close + 2).split(' ') };
};

/**
 * CPU seconds spent by PostgreSQL so far: every live `postgres` process's own time, plus what
 * each postmaster has reaped from backends that already exited (a connection closed during
 * the run is counted, not lost). Differences between two readings are what is meaningful.
 */
export function postgresCpuSeconds() {
  const comms = new Map();
  const rows = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { comm, fields } = procStat(entry);
      comms.set(Number(entry), comm);
      if (comm === 'postgres') rows.push(fields);
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  for (const f of rows) {
    ticks += Number(f[11]) + Number(f[12]); // utime, stime
    // The postmaster (its parent is not postgres): its reaped children's time too.
    if (comms.get(Number(f[1])) !== 'postgres') ticks += Number(f[13]) + Number(f[14]);
  }
  return ticks / 100;
}

/** The box's CPU counters so far (/proc/stat): busy and total ticks over every core. */
export function boxTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = values.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the time nothing ran.
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - n[3] - n[4], total };
}

/** The busy share of the box between two boxTicks() readings (0–1). */
export const busyShare = (before, after) =>
  (after.busy - before.busy) / Math.max(1, after.total - before.total);
