import {
  FM,
  FUNDS_DONE,
  M,
  STATEMENT_LINES_MAX,
  STATEMENT_MISMATCHES,
  type TBankStatementResult,
} from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { DepositsQueuePage } from '../routes/deposits';
import { consoleDeposit, page } from '../test/fixtures';
import { STATEMENT_TEXT } from '../utils/bank-statement';

const STATEMENT = 'POST /funds/deposits/statement';
const keyOf = (config: InternalAxiosRequestConfig) =>
  config.headers.get('Idempotency-Key') as string | undefined;

// The fixture's deposit (Kavya Iyer, IMPS 412345678901, ₹25,000.50) and a line for no deposit.
const PASTED = [
  'UTR,Amount',
  '412345678901,"25,000.50"',
  '',
  'HDFCN52026030299999,abc',
  'HDFCN52026030212345,20000',
].join('\n');

const result: TBankStatementResult = {
  confirmed: [consoleDeposit({ status: 'confirmed', posting_id: '12' })],
  unmatched: [
    {
      line: 2,
      utr: 'HDFCN52026030212345',
      amount_paise: 2_000_000,
      reason: 'no_pending_deposit',
      message: STATEMENT_MISMATCHES.no_pending_deposit,
    },
  ],
  confirmed_total_paise: 2_500_050,
};

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Match bank statement' }));
  return screen.findByRole('dialog', { name: 'Match bank statement' });
}

async function paste(dialog: HTMLElement, text: string) {
  await userEvent.click(within(dialog).getByLabelText('Statement'));
  await userEvent.paste(text);
}

describe('Match bank statement (deposits queue)', () => {
  afterEach(async () => {
    session.clear();
    await cleanNotifications();
  });

  it('previews the pasted statement, sends its lines with one key kept for the retry, shows the result and reads the queue again', async () => {
    signInAs(['operations']);
    const keys: (string | undefined)[] = [];
    const api = mockApi({
      'GET /funds/deposits': ok(page([consoleDeposit()])),
      [STATEMENT]: [
        (config) => {
          keys.push(keyOf(config));
          throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
        },
        (config) => {
          keys.push(keyOf(config));
          return ok(result, FUNDS_DONE.statementMatched);
        },
      ],
    });
    renderWithProviders(<DepositsQueuePage />);
    const dialog = await openDialog();
    await paste(dialog, PASTED);

    const preview = within(dialog).getByTestId('statement-preview');
    expect(preview).toHaveTextContent('2 lines read, totalling ₹45,000.50 (header row skipped).');
    expect(within(dialog).getByTestId('statement-problems')).toHaveTextContent(
      `Line 4: HDFCN52026030299999,abc — ${FM.amountNotNumber}`,
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    expect(await within(dialog).findByTestId('decision-error')).toHaveTextContent(M.networkError);

    const queueReads = api.callsTo('GET /funds/deposits').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    const answer = await within(dialog).findByTestId('statement-result');
    expect(await screen.findByText(FUNDS_DONE.statementMatched)).toBeInTheDocument();

    // Only the lines read are sent, and the retry is the same request under the same key.
    const sent = api.callsTo(STATEMENT);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toEqual({
      lines: [
        { utr: '412345678901', amount_paise: 2_500_050 },
        { utr: 'HDFCN52026030212345', amount_paise: 2_000_000 },
      ],
    });
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    expect(answer).toHaveTextContent('1 deposit confirmed and credited, totalling ₹25,000.50.');
    const confirmed = within(answer).getByTestId('statement-confirmed');
    expect(confirmed).toHaveTextContent('Kavya Iyer');
    expect(confirmed).toHaveTextContent('412345678901');
    expect(confirmed).toHaveTextContent('₹25,000.50');
    // The server's line 2 is the second line sent: line 5 of the pasted text.
    const [, unmatchedRow] = within(within(answer).getByTestId('statement-unmatched')).getAllByRole(
      'row',
    );
    expect(unmatchedRow).toHaveTextContent(
      `5HDFCN52026030212345₹20,000.00${STATEMENT_MISMATCHES.no_pending_deposit}`,
    );
    expect(api.callsTo('GET /funds/deposits').length).toBeGreaterThan(queueReads);

    // A new statement afterwards is a new request with a new key.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Match another statement' }));
    expect(within(dialog).getByLabelText('Statement')).toHaveValue('');
  });

  it('reads a .csv file picked from disk into the statement, and refuses a spreadsheet', async () => {
    signInAs(['operations']);
    mockApi({ 'GET /funds/deposits': ok(page([])) });
    renderWithProviders(<DepositsQueuePage />);
    const dialog = await openDialog();
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;

    await userEvent.upload(
      input,
      new File(['\uFEFFUTR,Credit\r\n412345678901,"1,00,000.00"\r\n'], 'statement.csv', {
        type: 'text/csv',
      }),
    );
    expect(await within(dialog).findByTestId('statement-preview')).toHaveTextContent(
      '1 line read, totalling ₹1,00,000.00 (header row skipped).',
    );

    await userEvent.upload(input, new File(['PK'], 'statement.xlsx', { type: 'text/csv' }));
    expect(await within(dialog).findByTestId('statement-file-problem')).toHaveTextContent(
      'Save the statement as CSV',
    );
  });

  it(`a statement of more than ${STATEMENT_LINES_MAX} lines, or of none readable, is not sent`, async () => {
    signInAs(['operations']);
    const api = mockApi({ 'GET /funds/deposits': ok(page([])) });
    renderWithProviders(<DepositsQueuePage />);
    const dialog = await openDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm and credit' });

    await userEvent.click(confirm);
    expect(await within(dialog).findByText(FM.statementEmpty)).toBeInTheDocument();

    await paste(dialog, '12345,20000');
    expect(within(dialog).getByTestId('statement-problems')).toHaveTextContent(
      STATEMENT_TEXT.utrInvalid,
    );
    expect(within(dialog).getByText(FM.statementEmpty)).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Statement'));
    const lines = Array.from(
      { length: STATEMENT_LINES_MAX + 1 },
      (_, i) => `${String(i).padStart(12, '0')},20000`,
    );
    await paste(dialog, lines.join('\n'));
    expect(within(dialog).getByTestId('statement-preview')).toHaveTextContent(
      `${STATEMENT_LINES_MAX + 1} lines read`,
    );
    expect(
      within(dialog).getByText(FM.statementTooManyLines(STATEMENT_LINES_MAX)),
    ).toBeInTheDocument();
    await userEvent.click(confirm);
    expect(api.callsTo(STATEMENT)).toHaveLength(0);
  });

  it('is offered only to roles that confirm deposits', async () => {
    signInAs(['support']);
    mockApi({ 'GET /funds/deposits': ok(page([consoleDeposit()])) });
    renderWithProviders(<DepositsQueuePage />);
    await screen.findAllByTestId('deposit-row');
    expect(screen.queryByRole('button', { name: 'Match bank statement' })).toBeNull();
  });
});
