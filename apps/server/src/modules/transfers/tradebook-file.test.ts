/** The tradebook parser (docs/transfers-in.md): headers in any case and order, FIFO netting, bad lines named. */
import { describe, expect, it } from 'vitest';
import { istDayStart, asIstDay } from '@sampada/shared';
import { parseTradebook } from './tradebook-file.ts';
import { knownScripOf } from './service.ts';

const known = knownScripOf([
  { symbol: 'INFY', isin: 'INE009A01021' },
  { symbol: 'TCS', isin: 'INE467B01029' },
]);
const TODAY = '2026-11-20';

describe('a Zerodha tradebook', () => {
  it('reads headers in any case and order and nets sells FIFO into the lots left', () => {
    const text = [
      'Trade_Type,SYMBOL,isin,Trade_Date,Quantity,PRICE,exchange,segment,order_execution_time',
      'buy,INFY,INE009A01021,2023-04-10,10,1000.00,NSE,EQ,2023-04-10T10:15:00',
      'buy,TCS,INE467B01029,2024-01-05,3,3300.1234,BSE,EQ,',
      'sell,INFY,INE009A01021,2024-02-01,4,1500,NSE,EQ,2024-02-01T11:00:00',
      'BUY,INFY,INE009A01021,2025-05-02,5,1200.50,NSE,EQ,2025-05-02T09:30:00',
      '',
    ].join('\r\n');
    const r = parseTradebook(text, known, TODAY);
    expect(r.problems).toEqual([]);
    expect(r.trades).toBe(4);
    expect(r.lots).toEqual([
      {
        symbol: 'INFY',
        isin: 'INE009A01021',
        // 10:15 IST on the trade date
        acquiredAt: new Date('2023-04-10T04:45:00Z'),
        quantity: 6,
        costPaise: 600_000n, // 10 × ₹1,000 less 4/10 of it
      },
      {
        symbol: 'INFY',
        isin: 'INE009A01021',
        acquiredAt: new Date('2025-05-02T04:00:00Z'),
        quantity: 5,
        costPaise: 600_250n, // 5 × ₹1,200.50
      },
      {
        symbol: 'TCS',
        isin: 'INE467B01029',
        acquiredAt: istDayStart(asIstDay('2024-01-05')),
        quantity: 3,
        costPaise: 990_037n, // 3 × ₹3,300.1234 = ₹9,900.3702, to the paisa
      },
    ]);
  });

  it('names every bad line with its reason and keeps no lot', () => {
    const text = [
      'symbol,isin,trade_date,trade_type,quantity,price',
      'INFY,INE009A01021,2023-04-10,buy,10,1000',
      'ACME,INE000X01010,2023-04-10,buy,1,10',
      'INFY,INE009A01021,10/04/2023,buy,1,10',
      'INFY,INE009A01021,2023-04-11,buy,0,10',
      'INFY,INE009A01021,2023-04-11,buy,2,abc',
      'INFY,INE009A01021,2023-04-12,sell,11,1100',
      'INFY,INE467B01029,2023-04-12,buy,1,1100',
      'INFY,INE009A01021,2027-01-01,buy,1,1100',
    ].join('\n');
    const r = parseTradebook(text, known, TODAY);
    expect(r.lots).toEqual([]);
    expect(r.problems).toEqual([
      { line: 3, reason: expect.stringContaining('not an instrument Sampada lists') },
      { line: 4, reason: 'trade_date "10/04/2023" is not a date (YYYY-MM-DD)' },
      { line: 5, reason: 'quantity "0" is not a positive whole number' },
      { line: 6, reason: 'price "abc" is not a positive amount in rupees' },
      { line: 7, reason: 'sells 11 INFY when the file holds only 10 before it' },
      { line: 8, reason: "ISIN INE467B01029 is not INFY's (INE009A01021)" },
      { line: 9, reason: 'trade_date 2027-01-01 is in the future' },
    ]);
  });

  it('refuses a file without the required columns on line 1', () => {
    const r = parseTradebook('symbol,quantity\nINFY,1', known, TODAY);
    expect(r.problems).toEqual([
      { line: 1, reason: 'missing columns: isin, trade_date, trade_type, price' },
    ]);
  });
});
