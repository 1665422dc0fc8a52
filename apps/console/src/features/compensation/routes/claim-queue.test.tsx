import { DECISION_DAYS } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { CLAIM_ID, consoleClaim } from '../test/fixtures';
import { ClaimQueuePage } from './claim-queue';

const page = (items: ReturnType<typeof consoleClaim>[], next_cursor: string | null = null) => ({
  items,
  next_cursor,
});
const OVERDUE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const renderQueue = (route = '/compensation/claims') =>
  renderWithProviders(<ClaimQueuePage />, { route, path: '/compensation/claims' });

describe('ClaimQueuePage', () => {
  it('lists open claims with their age against the 21 days; an overdue one says so', async () => {
    const api = mockApi({
      'GET /compensation/claims': ok(
        page([
          consoleClaim({
            id: OVERDUE_ID,
            reference: 'CMP-2026-000007',
            age_days: 25,
            overdue: true,
            decision_due: '2026-02-20',
            approvals_required: 2,
            approvals: 1,
          }),
          consoleClaim(),
        ]),
      ),
    });
    renderQueue();
    const [overdue, fresh] = await screen.findAllByTestId('claim-row');
    expect(api.callsTo('GET /compensation/claims')[0]!.params).toMatchObject({ status: 'open' });
    expect(screen.getByText(`Awaiting a decision, due first (target ${DECISION_DAYS} days)`));

    expect(overdue).toHaveTextContent('CMP-2026-000007');
    expect(overdue).toHaveTextContent(`25 / ${DECISION_DAYS} days`);
    expect(overdue).toHaveTextContent('due 2026-02-20');
    expect(within(overdue!).getByText('Overdue')).toBeInTheDocument();
    expect(overdue).toHaveTextContent('1 of 2 approvals');

    expect(fresh).toHaveTextContent('Kavya Iyer');
    expect(fresh).toHaveTextContent('UID 100001');
    expect(fresh).toHaveTextContent('Trade error');
    expect(fresh).toHaveTextContent('₹12,500.00');
    expect(within(fresh!).getByText('Submitted')).toBeInTheDocument();
    expect(within(fresh!).queryByText('Overdue')).toBeNull();
    expect(fresh).not.toHaveTextContent('approvals');
    expect(within(fresh!).getByTestId('claim-open')).toHaveAttribute(
      'href',
      `/compensation/claims/${CLAIM_ID}`,
    );
  });

  it('another status asks the server for it, newest first, and says when there are none', async () => {
    const api = mockApi({
      'GET /compensation/claims': [ok(page([consoleClaim()])), ok(page([]))],
    });
    renderQueue();
    await screen.findByTestId('claim-row');
    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Paid', hidden: true }));
    expect(await screen.findByText('No claims.')).toBeInTheDocument();
    expect(screen.getByText('Newest first')).toBeInTheDocument();
    expect(api.callsTo('GET /compensation/claims').at(-1)!.params).toMatchObject({
      status: 'paid',
    });
  });

  it('reads the status from the address and pages on with the cursor', async () => {
    const api = mockApi({
      'GET /compensation/claims': [
        ok(page([consoleClaim({ status: 'rejected' })], 'cursor-2')),
        ok(page([consoleClaim({ id: OVERDUE_ID, reference: 'CMP-2026-000001' })])),
      ],
    });
    renderQueue('/compensation/claims?status=rejected');
    await screen.findByTestId('claim-row');
    expect(api.callsTo('GET /compensation/claims')[0]!.params).toMatchObject({
      status: 'rejected',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('CMP-2026-000001')).toBeInTheDocument();
    expect(screen.getAllByTestId('claim-row')).toHaveLength(2);
    expect(api.callsTo('GET /compensation/claims')[1]!.params).toMatchObject({
      status: 'rejected',
      cursor: 'cursor-2',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a click anywhere on a row opens its case', async () => {
    mockApi({ 'GET /compensation/claims': ok(page([consoleClaim()])) });
    renderQueue();
    const row = await screen.findByTestId('claim-row');
    await userEvent.click(within(row).getByText('Trade error'));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/compensation/claims/${CLAIM_ID}`,
    );
  });

  it("a click on the row's client link goes to the client, not the case", async () => {
    mockApi({ 'GET /compensation/claims': ok(page([consoleClaim()])) });
    renderQueue();
    const row = await screen.findByTestId('claim-row');
    await userEvent.click(within(row).getByRole('link', { name: 'Kavya Iyer' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/clients/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    );
  });

  it('Enter on a focused row opens its case', async () => {
    mockApi({ 'GET /compensation/claims': ok(page([consoleClaim()])) });
    renderQueue();
    const row = await screen.findByTestId('claim-row');
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/compensation/claims/${CLAIM_ID}`,
    );
  });
});
