/**
 * `sampada prices import FILE`: end-of-day bars from a bhavcopy into the database, all or
 * nothing. Rows for symbols outside the instrument universe are skipped (a real bhavcopy lists
 * every NSE security); a malformed row stops the whole import and is reported by line.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { parseBhavcopy } from './bhavcopy.ts';
import { istInstant } from './calendar.ts';
import type { MarketEngine } from './engine.ts';
import { upsertCandles } from './candles.ts';
import { eodPrices, instruments, priceImports } from './tables.ts';

export type PriceImportResult = {
  importId: string;
  imported: number;
  skippedUnknown: number;
  tradeDates: string[];
};

type BhavRow = ReturnType<typeof parseBhavcopy>['rows'][number];

/** The day's bars by date and scrip; a re-import of a day replaces its bars. */
async function upsertEodPrices(tx: Tx, known: BhavRow[], importId: string) {
  const values = known.map((r) => ({
    tradeDate: r.tradeDate,
    symbol: r.symbol,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    prevClose: r.prevClose,
    volume: r.volume,
    valuePaise: r.valuePaise,
    importId,
  }));
  for (let i = 0; i < values.length; i += 500) {
    await tx
      .insert(eodPrices)
      .values(values.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [eodPrices.tradeDate, eodPrices.symbol],
        set: {
          open: sql`excluded.open`,
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          prevClose: sql`excluded.prev_close`,
          volume: sql`excluded.volume`,
          valuePaise: sql`excluded.value_paise`,
          importId: sql`excluded.import_id`,
        },
      });
  }
}

export async function importPrices(
  db: Db,
  engine: MarketEngine,
  fileName: string,
  text: string,
  actor: Actor,
): Promise<PriceImportResult> {
  const { rows, problems } = parseBhavcopy(text);
  if (problems.length) {
    const shown = problems.slice(0, 20).map((p) => `line ${p.line}: ${p.message}`);
    const more = problems.length > 20 ? [`…and ${problems.length - 20} more`] : [];
    throw badRequest(
      `${problems.length} bad row${problems.length === 1 ? '' : 's'}; nothing was imported.\n${[...shown, ...more].join('\n')}`,
      { problems },
    );
  }
  const known = rows.filter((r) => engine.instrument(r.symbol)?.market === 'NSE');
  if (known.length === 0)
    throw badRequest('No rows for instruments Sampada lists; nothing was imported.');
  const tradeDates = [...new Set(known.map((r) => r.tradeDate))].sort();
  const latest = tradeDates.at(-1)!;

  const importId = await db.transaction(async (tx) => {
    const [record] = await tx
      .insert(priceImports)
      .values({ fileName, rows: known.length, tradeDates })
      .returning({ id: priceImports.id });
    await upsertEodPrices(tx, known, record!.id);
    await upsertCandles(
      tx,
      known.map((r) => ({
        symbol: r.symbol,
        interval: '1d' as const,
        start: istInstant(r.tradeDate, 0),
        bar: { open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume },
      })),
      'replace',
    );
    for (const r of known.filter((row) => row.tradeDate === latest)) {
      await tx
        .update(instruments)
        .set({ refClosePaise: r.close, updatedAt: new Date() })
        .where(eq(instruments.symbol, r.symbol));
    }
    await recordAudit(tx, actor, {
      action: 'prices.import',
      subjectType: 'price_import',
      subjectId: record!.id,
      after: { fileName, rows: known.length, tradeDates },
    });
    return record!.id;
  });

  engine.adoptCloses(
    latest,
    new Map(known.filter((r) => r.tradeDate === latest).map((r) => [r.symbol, r.close])),
  );
  return {
    importId,
    imported: known.length,
    skippedUnknown: rows.length - known.length,
    tradeDates,
  };
}
