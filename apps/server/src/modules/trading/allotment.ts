/**
 * IPO allotment for retail applicants, as SEBI's method: when lots applied fit in the lots
 * offered, everyone gets what they bid. Otherwise every applicant is due one lot; if there are
 * more applicants than lots, a lottery picks who gets one; if there are more lots than
 * applicants, each gets one and the rest are shared in proportion to the lots still wanted.
 *
 * The lottery is reproducible: an applicant's draw is HMAC-SHA256(seed, application id), so
 * the recorded seed replays the result whatever order the applications are read in.
 */
import { createHmac, randomBytes } from 'node:crypto';

export type Application = { id: string; lots: number };
export type AllotmentMethod = 'full' | 'lottery' | 'proportional';
export type Allotment = { method: AllotmentMethod; lots: Map<string, number> };

export const newSeed = () => randomBytes(16).toString('hex');

const draw = (seed: string, id: string) => createHmac('sha256', seed).update(id).digest('hex');

/** Applications ordered by their draw under `seed` (ties broken by id, never in practice). */
export function rankBySeed<T extends { id: string }>(seed: string, applications: T[]): T[] {
  return applications
    .map((a) => ({ a, key: draw(seed, a.id) }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.a.id < y.a.id ? -1 : 1))
    .map(({ a }) => a);
}

export function allot(lotsOffered: number, applications: Application[], seed: string): Allotment {
  const lots = new Map(applications.map((a) => [a.id, 0]));
  const demand = applications.reduce((sum, a) => sum + a.lots, 0);
  if (demand <= lotsOffered) {
    for (const a of applications) lots.set(a.id, a.lots);
    return { method: 'full', lots };
  }
  const ranked = rankBySeed(seed, applications);
  if (applications.length >= lotsOffered) {
    for (const a of ranked.slice(0, lotsOffered)) lots.set(a.id, 1);
    return { method: 'lottery', lots };
  }
  // Everyone gets a lot; the rest go in proportion to what each still wants, rounded down,
  // and the lots left by rounding go one each in draw order to those still short.
  for (const a of applications) lots.set(a.id, 1);
  const spare = lotsOffered - applications.length;
  const wanted = demand - applications.length;
  let given = 0;
  for (const a of applications) {
    const share = Math.floor(((a.lots - 1) * spare) / wanted);
    lots.set(a.id, 1 + share);
    given += share;
  }
  for (const a of ranked) {
    if (given >= spare) break;
    if (lots.get(a.id)! < a.lots) {
      lots.set(a.id, lots.get(a.id)! + 1);
      given += 1;
    }
  }
  return { method: 'proportional', lots };
}
