/** NSE's corporate actions file on rows shaped like the real one. */
import { describe, expect, it } from 'vitest';
import { parseNseActionsFile } from './nse-actions-file.ts';

const HEADER =
  'SYMBOL,COMPANY NAME,SERIES,PURPOSE,FACE VALUE,EX-DATE,RECORD DATE,BC START DATE,BC END DATE';

describe("NSE's corporate actions file", () => {
  it('dividends, a bonus, a split and a consolidation; a meeting beside a dividend is skipped', () => {
    const file = [
      HEADER,
      'TCS,Tata Consultancy Services Limited,EQ,Dividend - Rs 20 Per Share,1,16-Jan-2025,17-Jan-2025,-,-',
      'INFY,Infosys Limited,EQ,Annual General Meeting/Final Dividend - Rs 20.50 Per Share,5,30-May-2025,30-May-2025,-,-',
      'ITC,ITC Limited,EQ,Interim Dividend - Re 0.50 Per Share,1,06-Feb-2025,06-Feb-2025,-,-',
      'BEL,Bharat Electronics Limited,EQ,Bonus 2:1,1,22-Mar-2022,23-Mar-2022,-,-',
      '"IRCTC","Indian Railway Catering And Tourism Corporation Limited",EQ,"Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 2/- Per Share",10,28-Oct-2021,29-Oct-2021,-,-',
      'SMALLCO,"Small Co, Limited",EQ,Consolidation Of Shares From Rs 1/- Per Share To Rs 10/- Per Share,1,02-Aug-2024,02-Aug-2024,-,-',
      '',
    ].join('\r\n');
    const { actions, rejected } = parseNseActionsFile(file);
    expect(rejected).toEqual([]);
    expect(actions.map(({ purpose: _, ...a }) => a)).toEqual([
      {
        symbol: 'TCS',
        kind: 'dividend',
        perSharePaise: 2_000n,
        exDate: '2025-01-16',
        recordDate: '2025-01-17',
      },
      {
        symbol: 'INFY',
        kind: 'dividend',
        perSharePaise: 2_050n,
        exDate: '2025-05-30',
        recordDate: '2025-05-30',
      },
      {
        symbol: 'ITC',
        kind: 'dividend',
        perSharePaise: 50n,
        exDate: '2025-02-06',
        recordDate: '2025-02-06',
      },
      {
        symbol: 'BEL',
        kind: 'bonus',
        ratioNew: 2,
        ratioOld: 1,
        exDate: '2022-03-22',
        recordDate: '2022-03-23',
      },
      {
        symbol: 'IRCTC',
        kind: 'split',
        ratioNew: 5,
        ratioOld: 1,
        exDate: '2021-10-28',
        recordDate: '2021-10-29',
      },
      {
        symbol: 'SMALLCO',
        kind: 'consolidation',
        ratioNew: 1,
        ratioOld: 10,
        exDate: '2024-08-02',
        recordDate: '2024-08-02',
      },
    ]);
  });

  it('unreadable rows are listed with the reason, whole: a row with one bad purpose gives nothing', () => {
    const file = [
      HEADER,
      'TCS,Tata Consultancy Services Limited,EQ,Dividend - Rs 20 Per Share,1,16-Jan-2025,17-Jan-2025,-,-',
      'WIPRO,Wipro Limited,EQ,Buy Back,2,31-Oct-2024,31-Oct-2024,-,-',
      'HDFCBANK,HDFC Bank Limited,EQ,Dividend - Rs 19.50 Per Share/Buy Back,1,10-May-2024,10-May-2024,-,-',
      'SBIN,State Bank of India,EQ,Dividend - Rs 13.70 Per Share,1,31-Feb-2024,-,-,-',
      'LT,Larsen & Toubro Limited,EQ,Dividend - Rs 28 Per Share,2,20-Jun-2024',
    ].join('\n');
    const { actions, rejected } = parseNseActionsFile(file);
    expect(actions.map((a) => a.symbol)).toEqual(['TCS']);
    expect(rejected).toEqual([
      { line: 3, symbol: 'WIPRO', reason: 'Purpose not understood: "Buy Back".' },
      { line: 4, symbol: 'HDFCBANK', reason: 'Purpose not understood: "Buy Back".' },
      { line: 5, symbol: 'SBIN', reason: 'Bad ex-date "31-Feb-2024".' },
      { line: 6, symbol: 'LT', reason: 'Expected 9 columns, found 6.' },
    ]);
  });

  it('a file without the header is refused as a whole', () => {
    expect(parseNseActionsFile('Symbol,Purpose\nTCS,Bonus 1:1').rejected[0]!.reason).toMatch(
      /^The header must be/,
    );
  });
});
