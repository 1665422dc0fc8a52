/**
 * The reference data shipped in ./data: instruments, company profiles, indices with their
 * weights, Discover themes and the NSE holiday calendar. Read once per process.
 */
import { readFileSync } from 'node:fs';
import { rupeesToPaise } from '@sampada/shared';
import path from 'node:path';
import type { Holiday } from './calendar.ts';

const dataDir = path.join(import.meta.dirname, 'data');

export type Segment = 'nifty50' | 'midcap' | 'smallcap' | 'index';

export type ReferenceInstrument = {
  symbol: string;
  isin: string;
  name: string;
  sector: string;
  industry: string;
  segment: Segment;
  fno: boolean;
  refClosePaise: number;
  sharesOutstanding: number;
  avgDailyVolume: number;
  beta: number;
};

export type ReferenceCompany = {
  description: string;
  founded: number | null;
  headquarters: string | null;
  website: string | null;
  video_url?: string | null;
};

export type ReferenceIndex = {
  symbol: string;
  name: string;
  base_value: number;
  constituents: { symbol: string; weight: number }[];
};

export type ReferenceTheme = { id: string; title: string; description: string; symbols: string[] };

export type ReferenceData = {
  instruments: ReferenceInstrument[];
  companies: Record<string, ReferenceCompany>;
  indices: ReferenceIndex[];
  themes: ReferenceTheme[];
  holidays: Holiday[];
};

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as T;

function readInstruments(): ReferenceInstrument[] {
  const [header, ...lines] = readFileSync(path.join(dataDir, 'instruments.csv'), 'utf8')
    .trim()
    .split(/\r?\n/);
  const columns = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    const row = Object.fromEntries(columns.map((c, i) => [c, cells[i]?.trim() ?? '']));
    return {
      symbol: row.symbol!,
      isin: row.isin!,
      name: row.name!,
      sector: row.sector!,
      industry: row.industry!,
      segment: row.segment as Segment,
      fno: row.fno === 'true',
      refClosePaise: Number(rupeesToPaise(row.ref_close!)),
      sharesOutstanding: Number(row.shares_outstanding),
      avgDailyVolume: Number(row.avg_daily_volume),
      beta: Number(row.beta) || 1,
    };
  });
}

let cached: ReferenceData | null = null;

export function referenceData(): ReferenceData {
  cached ??= {
    instruments: readInstruments(),
    companies: readJson('companies.json'),
    indices: readJson('indices.json'),
    themes: readJson('themes.json'),
    holidays: readJson('nse-holidays.json'),
  };
  return cached;
}
