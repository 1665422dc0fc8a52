/**
 * The instrument universe's SQL: instruments, their company profiles and index constituents,
 * from the shipped reference data and from new listings.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { fromExcluded } from '../../db/upsert.ts';
import { rupeesToPaise } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import type { Constituent } from './indices.ts';
import { chunks } from './insert-batches.ts';
import type { Instrument } from './model.ts';
import type { ReferenceData } from './reference-data.ts';
import { companyProfiles, indexConstituents, instruments } from './tables.ts';

/** A stock newly listed here (an IPO), as the trading module knows it. */
export type NewListing = {
  symbol: string;
  name: string;
  isin: string | null;
  sector: string | null;
  industry: string | null;
  refClosePaise: number;
  sharesOffered: number;
  description: string | null;
};

/** The instruments' rows: the equities and the indices (an index's reference close is its base). */
function instrumentRows(ref: ReferenceData) {
  const equities = ref.instruments.map((i) => ({
    symbol: i.symbol,
    market: 'NSE',
    isin: i.isin,
    name: i.name,
    sector: i.sector,
    industry: i.industry,
    segment: i.segment,
    fno: i.fno,
    bandPct: null,
    sharesOutstanding: i.sharesOutstanding,
    avgDailyVolume: i.avgDailyVolume,
    beta: i.beta,
    refClosePaise: i.refClosePaise,
    baseValuePaise: null,
  }));
  const indexRows = ref.indices.map((x) => ({
    symbol: x.symbol,
    market: 'INDEX',
    isin: null,
    name: x.name,
    sector: null,
    industry: null,
    segment: 'index',
    fno: false,
    bandPct: null,
    sharesOutstanding: null,
    avgDailyVolume: null,
    beta: 1,
    refClosePaise: Number(rupeesToPaise(x.base_value)),
    baseValuePaise: Number(rupeesToPaise(x.base_value)),
  }));
  return [...equities, ...indexRows];
}

async function upsertInstruments(db: Executor, ref: ReferenceData) {
  for (const rows of chunks(instrumentRows(ref))) {
    await db
      .insert(instruments)
      .values(rows)
      .onConflictDoUpdate({
        target: instruments.symbol,
        set: fromExcluded(instruments, [
          'isin',
          'name',
          'sector',
          'industry',
          'segment',
          'fno',
          'sharesOutstanding',
          'avgDailyVolume',
          'beta',
        ]),
      });
  }
}

/**
 * Upserts the shipped reference data. Descriptive fields follow the files; reference closes
 * and index base prices are only set once, since imports and the market move them later.
 */
export async function upsertReferenceData(db: Executor, ref: ReferenceData) {
  await upsertInstruments(db, ref);
  const profiles = Object.entries(ref.companies).map(([symbol, c]) => ({
    symbol,
    description: c.description,
    founded: c.founded,
    headquarters: c.headquarters,
    website: c.website,
    videoUrl: c.video_url ?? null,
  }));
  for (const rows of chunks(profiles)) {
    await db
      .insert(companyProfiles)
      .values(rows)
      .onConflictDoUpdate({
        target: companyProfiles.symbol,
        set: fromExcluded(companyProfiles, [
          'description',
          'founded',
          'headquarters',
          'website',
          'videoUrl',
        ]),
      });
  }
  const refClose = new Map(ref.instruments.map((i) => [i.symbol, i.refClosePaise]));
  const constituents = ref.indices.flatMap((x) =>
    x.constituents.map((c) => ({
      indexSymbol: x.symbol,
      symbol: c.symbol,
      weight: c.weight,
      basePricePaise: refClose.get(c.symbol) ?? 0,
    })),
  );
  for (const rows of chunks(constituents)) {
    await db
      .insert(indexConstituents)
      .values(rows)
      .onConflictDoUpdate({
        target: [indexConstituents.indexSymbol, indexConstituents.symbol],
        set: { weight: sql`excluded.weight` },
      });
  }
}

export async function loadInstruments(db: Executor): Promise<Instrument[]> {
  const rows = await db.select().from(instruments).orderBy(asc(instruments.symbol));
  return rows.map((r) => ({
    symbol: r.symbol,
    market: r.market as Instrument['market'],
    isin: r.isin,
    name: r.name,
    sector: r.sector,
    industry: r.industry,
    segment: r.segment as Instrument['segment'],
    fno: r.fno,
    bandPct: r.bandPct,
    sharesOutstanding: r.sharesOutstanding,
    avgDailyVolume: r.avgDailyVolume,
    beta: r.beta,
    refClosePaise: r.refClosePaise,
    baseValuePaise: r.baseValuePaise,
  }));
}

export async function loadConstituents(db: Executor): Promise<Map<string, Constituent[]>> {
  const rows = await db.select().from(indexConstituents);
  const byIndex = new Map<string, Constituent[]>();
  for (const r of rows) {
    const list = byIndex.get(r.indexSymbol) ?? [];
    list.push({ symbol: r.symbol, weight: r.weight, basePricePaise: r.basePricePaise });
    byIndex.set(r.indexSymbol, list);
  }
  return byIndex;
}

/** Writes a new listing in the caller's transaction. */
export async function insertListing(tx: Executor, listing: NewListing) {
  await tx.insert(instruments).values({
    symbol: listing.symbol,
    market: 'NSE',
    isin: listing.isin,
    name: listing.name,
    sector: listing.sector,
    industry: listing.industry,
    segment: 'smallcap',
    fno: false,
    // A newly listed stock trades in a 20% band from its issue price.
    bandPct: 20,
    sharesOutstanding: null,
    avgDailyVolume: listing.sharesOffered * 4,
    beta: 1.2,
    refClosePaise: listing.refClosePaise,
  });
  if (listing.description)
    await tx
      .insert(companyProfiles)
      .values({ symbol: listing.symbol, description: listing.description });
}

export async function companyProfile(db: Executor, symbol: string) {
  const [row] = await db.select().from(companyProfiles).where(eq(companyProfiles.symbol, symbol));
  return row ?? null;
}
