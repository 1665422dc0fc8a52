import { FM, STATEMENT_LINES_MAX } from '@sampada/shared';
import { describe, expect, it } from 'vitest';
import { parseBankStatement, readStatementAmount, STATEMENT_TEXT } from './bank-statement';

const NEFT = 'HDFCN52026030212345';
const IMPS = '412345678901';

describe('parseBankStatement', () => {
  it('a header row: skipped, and its names choose the columns', () => {
    const parsed = parseBankStatement(`UTR,Amount\n${NEFT},20000\n`);
    expect(parsed.header).toBe(true);
    expect(parsed.request).toEqual({ lines: [{ utr: NEFT, amount_paise: 2_000_000 }] });
    expect(parsed.rows[0]!.row).toBe(2);
    expect(parsed.error).toBeNull();

    // A bank's export: more columns, the credit column before the UTR, debits beside credits.
    const bank = parseBankStatement(
      [
        'Txn Date,Narration,Withdrawal Amt.,Deposit Amt.,Chq./Ref.No.',
        `02/03/26,NEFT CR KAVYA,,"25,000.50",${NEFT}`,
      ].join('\n'),
    );
    expect(bank.request.lines).toEqual([{ utr: NEFT, amount_paise: 2_500_050 }]);
  });

  it('no header row: the first column is the UTR, the second the amount', () => {
    const parsed = parseBankStatement(`${IMPS},20000\n${NEFT},30000`);
    expect(parsed.header).toBe(false);
    expect(parsed.rows.map((r) => r.row)).toEqual([1, 2]);
    expect(parsed.totalPaise).toBe(5_000_000n);
  });

  it('rupee amounts with commas and paise: exact paise, Indian or international grouping', () => {
    const parsed = parseBankStatement(
      [
        `${IMPS},"20,000.00"`,
        `${NEFT},"1,00,000.05"`,
        `SBIN226012345678,"₹ 1,234,567.8"`,
        // Unquoted, as a two-column paste often is: the commas after the UTR are the amount's.
        `ICIC0000123456,20,000.10`,
        `AXIS0000123456\tRs. 20,000.29`,
      ].join('\n'),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.request.lines.map((l) => l.amount_paise)).toEqual([
      2_000_000, 10_000_005, 123_456_780, 2_000_010, 2_000_029,
    ]);
    // 0.1 + 0.2 would not be 0.3: the sum is of integers.
    expect(parsed.totalPaise).toBe(
      2_000_000n + 10_000_005n + 123_456_780n + 2_000_010n + 2_000_029n,
    );
  });

  it('blank lines: skipped, and the rows keep their line numbers in the text', () => {
    const parsed = parseBankStatement(
      `\r\nUTR,Amount\r\n\r\n${IMPS},20000\r\n , \r\n${NEFT},30000\r\n`,
    );
    expect(parsed.rows.map((r) => r.row)).toEqual([4, 6]);
    expect(parsed.problems).toEqual([]);
  });

  it('a bad amount: the line is listed with the reason and left out of the request', () => {
    const parsed = parseBankStatement(
      [
        `${IMPS},20000`,
        `${NEFT},abc`,
        `SBIN226012345678,20000.505`,
        `ICIC0000123456,"2,00,00.00"`,
        `AXIS0000123456,-500`,
        `KKBK0000123456,0`,
        `UTIB0000123456,`,
      ].join('\n'),
    );
    expect(parsed.request.lines).toEqual([{ utr: IMPS, amount_paise: 2_000_000 }]);
    expect(parsed.problems).toEqual([
      { row: 2, text: `${NEFT},abc`, message: FM.amountNotNumber },
      { row: 3, text: 'SBIN226012345678,20000.505', message: FM.amountDecimals },
      { row: 4, text: 'ICIC0000123456,"2,00,00.00"', message: FM.amountNotNumber },
      { row: 5, text: 'AXIS0000123456,-500', message: FM.amountNegative },
      { row: 6, text: 'KKBK0000123456,0', message: FM.amountZero },
      { row: 7, text: 'UTIB0000123456,', message: STATEMENT_TEXT.amountMissing },
    ]);
    expect(parsed.error).toBeNull();
  });

  it('a bad UTR: too short, stray characters or none, and a line bad in both ways says both', () => {
    const parsed = parseBankStatement(
      [`12345,20000`, `HDFC/0001/2345,20000`, `,20000`, `x,abc`, `4123-4567 8901,20000`].join('\n'),
    );
    expect(parsed.problems.map((p) => [p.row, p.message])).toEqual([
      [1, STATEMENT_TEXT.utrInvalid],
      [2, STATEMENT_TEXT.utrInvalid],
      [3, STATEMENT_TEXT.utrMissing],
      [4, `${STATEMENT_TEXT.utrInvalid} ${FM.amountNotNumber}`],
    ]);
    // Spaces and hyphens are not part of a UTR (as when a client submits one).
    expect(parsed.request.lines).toEqual([{ utr: IMPS, amount_paise: 2_000_000 }]);
  });

  it(`over ${STATEMENT_LINES_MAX} lines: read and shown, but not sendable`, () => {
    const line = (i: number) => `${String(i).padStart(12, '0')},20000`;
    const atMost = parseBankStatement(
      Array.from({ length: STATEMENT_LINES_MAX }, (_, i) => line(i)).join('\n'),
    );
    expect(atMost.error).toBeNull();
    const over = parseBankStatement(
      Array.from({ length: STATEMENT_LINES_MAX + 1 }, (_, i) => line(i)).join('\n'),
    );
    expect(over.rows).toHaveLength(STATEMENT_LINES_MAX + 1);
    expect(over.error).toBe(FM.statementTooManyLines(STATEMENT_LINES_MAX));
  });

  it('nothing readable: the route would refuse it, and the preview says so first', () => {
    expect(parseBankStatement('').error).toBe(FM.statementEmpty);
    expect(parseBankStatement('UTR,Amount\n\n').error).toBe(FM.statementEmpty);
    expect(parseBankStatement(`${NEFT},abc`).error).toBe(FM.statementEmpty);
  });

  it('a header that names only one of the columns: the statement is refused, not guessed', () => {
    const parsed = parseBankStatement(`Date,Amount\n01/03/26,20000`);
    expect(parsed.error).toBe(STATEMENT_TEXT.headerColumns);
  });

  it('a file saved with a byte-order mark and quoted "" inside a field', () => {
    const parsed = parseBankStatement(`\uFEFF"UTR","Amount ""INR"""\n"${NEFT}","20000"`);
    expect(parsed.header).toBe(true);
    expect(parsed.request.lines).toEqual([{ utr: NEFT, amount_paise: 2_000_000 }]);
  });
});

describe('readStatementAmount', () => {
  it('above ₹100 crore: refused with the shared message', () => {
    expect(readStatementAmount('1,00,00,00,000.01')).toEqual({
      ok: false,
      message: FM.amountTooLarge,
    });
    expect(readStatementAmount('1,00,00,00,000.00')).toEqual({
      ok: true,
      paise: 100_000_000_000n,
    });
  });
});
