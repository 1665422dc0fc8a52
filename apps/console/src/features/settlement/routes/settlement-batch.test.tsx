import { SETTLEMENT_JOB_PREPARER, SETTLEMENT_MSG } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { BATCH_ID, settlementBatch, settlementLine } from '../test/fixtures';
import { SettlementBatchPage } from './settlement-batch';

const GET = `GET /settlement/batches/${BATCH_ID}`;
const APPROVE = `POST /settlement/batches/${BATCH_ID}/approve`;
const REJECT = `POST /settlement/batches/${BATCH_ID}/reject`;
const RESUME = `POST /settlement/batches/${BATCH_ID}/resume`;
const render = () =>
  renderWithProviders(<SettlementBatchPage />, {
    path: '/funds/settlement/:id',
    route: `/funds/settlement/${BATCH_ID}`,
  });

describe('SettlementBatchPage', () => {
  afterEach(async () => {
    session.clear();
    await cleanNotifications();
  });

  it('shows each line: available, what is retained and why, the payout', async () => {
    signInAs(['operations']);
    mockApi({ [GET]: ok(settlementBatch()) });
    render();
    const line = await screen.findByTestId('line-row');
    expect(line).toHaveTextContent('Kavya Iyer');
    expect(line).toHaveTextContent('₹50,000.00');
    expect(line).toHaveTextContent('₹1,000.00 · On hold for your pending withdrawals');
    expect(line).toHaveTextContent('₹2,500.00 · Loan dues now (instalments due and overdue)');
    expect(line).toHaveTextContent('₹47,500.00');
    expect(line).toHaveTextContent('Pending');
  });

  it('shows a batch the job prepared as the system’s, and why an idle quarterly client is on it', async () => {
    signInAs(['operations']);
    mockApi({
      [GET]: ok(
        settlementBatch({
          prepared_by: SETTLEMENT_JOB_PREPARER,
          lines: [settlementLine({ cycle: 'quarterly', no_recent_trade: true })],
        }),
      ),
    });
    render();
    expect(await screen.findByTestId('batch-summary')).toHaveTextContent(SETTLEMENT_JOB_PREPARER);
    expect(await screen.findByTestId('line-row')).toHaveTextContent(
      '100001 · quarterly · no trade for 30 days',
    );
    expect(screen.getByRole('button', { name: 'Approve and pay' })).toBeEnabled();
  });

  it('approves as a second officer and posts with an Idempotency-Key', async () => {
    signInAs(['operations']);
    let key: string | undefined;
    const api = mockApi({
      [GET]: ok(settlementBatch()),
      [APPROVE]: (config) => {
        key = config.headers.get('Idempotency-Key') as string;
        return ok(
          settlementBatch({
            status: 'paid',
            lines: [settlementLine({ status: 'paid', paid_paise: 4_750_000 })],
          }),
          SETTLEMENT_MSG.approved,
        );
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText(SETTLEMENT_MSG.approved)).toBeInTheDocument();
    expect(api.callsTo(APPROVE)).toHaveLength(1);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('resumes an approved batch whose payouts stopped part-way, with an Idempotency-Key', async () => {
    signInAs(['operations']);
    let key: string | undefined;
    const api = mockApi({
      [GET]: ok(settlementBatch({ status: 'approved', decided_by: 'checker@sampada.in' })),
      [RESUME]: (config) => {
        key = config.headers.get('Idempotency-Key') as string;
        return ok(
          settlementBatch({
            status: 'paid',
            lines: [settlementLine({ status: 'paid', paid_paise: 4_750_000 })],
          }),
          SETTLEMENT_MSG.resumed,
        );
      },
    });
    render();
    expect(screen.queryByRole('button', { name: 'Approve and pay' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Resume payouts' }));
    expect(await screen.findByText(SETTLEMENT_MSG.resumed)).toBeInTheDocument();
    expect(api.callsTo(RESUME)).toHaveLength(1);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers support no resume', async () => {
    signInAs(['support']);
    mockApi({ [GET]: ok(settlementBatch({ status: 'approved' })) });
    render();
    expect(await screen.findByTestId('batch-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('batch-resume')).not.toBeInTheDocument();
  });

  it('disables approval for the officer who prepared it, and shows the 409 if it comes', async () => {
    signInAs(['operations']);
    mockApi({
      [GET]: ok(settlementBatch({ prepared_by: 'desk@sampada.in' })),
      [APPROVE]: fail(409, SETTLEMENT_MSG.sameOfficer),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Approve and pay' })).toBeDisabled();
    expect(screen.getByTestId('same-officer')).toHaveTextContent(SETTLEMENT_MSG.sameOfficer);
  });

  it("shows the server's refusal of an approval", async () => {
    signInAs(['operations']);
    mockApi({
      [GET]: ok(settlementBatch()),
      [APPROVE]: fail(409, SETTLEMENT_MSG.sameOfficer),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByTestId('decide-error')).toHaveTextContent(SETTLEMENT_MSG.sameOfficer);
  });

  it('rejects only with a reason', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [GET]: ok(settlementBatch()),
      [REJECT]: ok(settlementBatch({ status: 'rejected' }), SETTLEMENT_MSG.rejected),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject batch' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(SETTLEMENT_MSG.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo(REJECT)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Bank holiday moved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(SETTLEMENT_MSG.rejected)).toBeInTheDocument();
    expect(api.callsTo(REJECT)[0]!.body).toEqual({ reason: 'Bank holiday moved' });
  });
});
