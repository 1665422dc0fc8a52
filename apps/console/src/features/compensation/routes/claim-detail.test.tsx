import { CPM } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { CLAIM_ID, claimDetail } from '../test/fixtures';
import { ClaimDetailPage } from './claim-detail';

const GET = `GET /compensation/claims/${CLAIM_ID}`;
const APPROVE = `POST /compensation/claims/${CLAIM_ID}/approve`;
const keyOf = (config: InternalAxiosRequestConfig) =>
  config.headers.get('Idempotency-Key') as string | undefined;

const renderCase = () =>
  renderWithProviders(<ClaimDetailPage />, {
    route: `/compensation/claims/${CLAIM_ID}`,
    path: '/compensation/claims/:id',
  });

afterEach(() => {
  session.clear('signed-out');
  return cleanNotifications();
});

describe('ClaimDetailPage: the case', () => {
  it("shows the claim, the client's context, the evidence, the timeline and prior claims", async () => {
    signInAs(['support']);
    mockApi({
      [GET]: ok(
        claimDetail({
          related: { kind: 'order', id: 'o1', label: 'Order: buy 10 INFY' },
          overdue: true,
          age_days: 22,
          prior_claims: [
            { ...claimDetail(), id: 'p1', reference: 'CMP-2025-000003', status: 'paid' },
          ],
        }),
      ),
    });
    renderCase();
    expect(await screen.findByText('Claim CMP-2026-000042')).toBeInTheDocument();
    expect(screen.getByText('Trade error · ₹12,500.00 claimed')).toBeInTheDocument();
    expect(screen.getByTestId('claim-status')).toHaveTextContent('Submitted');
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('Age 22 of 21 days · due 2026-03-23')).toBeInTheDocument();
    expect(screen.getByText('Concerns: Order: buy 10 INFY')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kavya Iyer' })).toHaveAttribute(
      'href',
      '/clients/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    );
    const evidence = screen.getByTestId('claim-evidence');
    expect(within(evidence).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      'https://files.example/evidence-1.jpg?sig=a',
    );
    expect(screen.getByTestId('claim-timeline')).toHaveTextContent('Client: Claim submitted');
    expect(screen.getByTestId('claim-timeline')).toHaveTextContent('1 image(s)');
    expect(screen.getByRole('link', { name: 'CMP-2025-000003' })).toBeInTheDocument();
    // Support reads the case; only operations decides.
    expect(screen.queryByTestId('claim-approve')).toBeNull();
    expect(screen.queryByTestId('claim-reject')).toBeNull();
  });

  it('an approved claim offers only Pay, which says what it pays and from where', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [GET]: ok(claimDetail({ status: 'approved', amount_approved_paise: 1_000_000 })),
      [`POST /compensation/claims/${CLAIM_ID}/pay`]: ok(
        claimDetail({ status: 'paid', amount_approved_paise: 1_000_000 }),
        'Compensation paid.',
      ),
    });
    renderCase();
    await screen.findByText('Claim CMP-2026-000042');
    expect(screen.queryByTestId('claim-approve')).toBeNull();
    await userEvent.click(screen.getByTestId('claim-pay'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Pays ₹10,000.00 to the client’s cash from the firm’s compensation account.',
    );
    await userEvent.click(within(dialog).getByTestId('decision-confirm'));
    await waitFor(() =>
      expect(api.callsTo(`POST /compensation/claims/${CLAIM_ID}/pay`)).toHaveLength(1),
    );
  });
});

describe('ClaimDetailPage: deciding with maker-checker', () => {
  it('the first officer proposes an amount; the claim reads 1 of 2 and Approve is not offered to them again', async () => {
    signInAs(['operations']);
    const proposed = claimDetail({
      status: 'under_review',
      approvals: 1,
      approvals_required: 2,
      amount_approved_paise: 1_005_050,
      approved_by: ['desk@sampada.in'],
    });
    const api = mockApi({
      [GET]: [ok(claimDetail({ status: 'under_review', approvals_required: 2 })), ok(proposed)],
      [APPROVE]: ok(proposed, 'First approval recorded. A second officer must approve.'),
    });
    renderCase();
    expect(await screen.findByText('Approvals: 0 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('claim-approve'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('decision-amount'), '10050.50');
    await userEvent.type(within(dialog).getByTestId('decision-text'), 'Fill above the limit');
    await userEvent.click(within(dialog).getByTestId('decision-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(APPROVE)[0]!.body).toEqual({
      amount: '10050.50',
      reason: 'Fill above the limit',
    });
    expect(await screen.findByText('Approvals: 1 of 2 (desk@sampada.in)')).toBeInTheDocument();
    // The server would refuse the same officer's second approval: it is not offered.
    expect(screen.queryByTestId('claim-approve')).toBeNull();
    expect(screen.getByTestId('claim-reject')).toBeInTheDocument();
  });

  it("a second officer confirms the first's amount; a refused decision retried keeps its key", async () => {
    signInAs(['operations']);
    const keys: (string | undefined)[] = [];
    const proposed = claimDetail({
      status: 'under_review',
      approvals: 1,
      approvals_required: 2,
      amount_approved_paise: 1_005_050,
      approved_by: ['first@sampada.in'],
    });
    const api = mockApi({
      [GET]: ok(proposed),
      [APPROVE]: [
        (config) => {
          keys.push(keyOf(config));
          return fail(409, CPM.secondApprovalSameOfficer);
        },
        (config) => {
          keys.push(keyOf(config));
          return fail(409, CPM.secondApprovalSameOfficer);
        },
      ],
    });
    renderCase();
    // The second approval confirms the first's amount: no amount field.
    await userEvent.click(await screen.findByTestId('claim-approve'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Second approval: confirms the first officer’s amount.');
    expect(within(dialog).queryByTestId('decision-amount')).toBeNull();
    await userEvent.type(within(dialog).getByTestId('decision-text'), 'Agreed');
    await userEvent.click(within(dialog).getByTestId('decision-confirm'));
    expect(await within(dialog).findByText(CPM.secondApprovalSameOfficer)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId('decision-confirm'));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(api.callsTo(APPROVE)[0]!.body).toEqual({ reason: 'Agreed' });
    // The same decision retried reuses its own key.
    expect(keys[1]).toBe(keys[0]);
  });

  it('an unreadable amount is refused in the dialog before anything is sent', async () => {
    signInAs(['operations']);
    const api = mockApi({ [GET]: ok(claimDetail()) });
    renderCase();
    await userEvent.click(await screen.findByTestId('claim-approve'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('decision-amount'), 'ten thousand');
    await userEvent.click(within(dialog).getByTestId('decision-confirm'));
    expect(await within(dialog).findByText('Enter the amount in rupees.')).toBeInTheDocument();
    expect(api.callsTo(APPROVE)).toHaveLength(0);
  });

  it('asking for information sends the question and offers the next steps of a submitted claim', async () => {
    signInAs(['operations']);
    const ASK = `POST /compensation/claims/${CLAIM_ID}/ask-info`;
    const api = mockApi({
      [GET]: ok(claimDetail()),
      [ASK]: ok(
        claimDetail({ status: 'info_requested' }),
        'Information requested from the client.',
      ),
    });
    renderCase();
    await screen.findByTestId('claim-review');
    expect(
      ['claim-review', 'claim-ask-info', 'claim-approve', 'claim-reject'].map(
        (id) => screen.queryByTestId(id) !== null,
      ),
    ).toEqual([true, true, true, true]);
    expect(screen.queryByTestId('claim-pay')).toBeNull();
    await userEvent.click(screen.getByTestId('claim-ask-info'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByTestId('decision-text'), 'Send the contract note.');
    await userEvent.click(within(dialog).getByTestId('decision-confirm'));
    await waitFor(() => expect(api.callsTo(ASK)).toHaveLength(1));
    expect(api.callsTo(ASK)[0]!.body).toEqual({ question: 'Send the contract note.' });
  });
});
