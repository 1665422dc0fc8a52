import { TRADING_DONE } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { allotmentResult, IPO_ID, ipoIssue } from '../test/fixtures';
import { cleanNotifications } from '../../../test/session';
import { IpoDetailPage } from './ipo-detail';

afterEach(cleanNotifications);

const GET = `GET /trading/ipos/${IPO_ID}`;
const ALLOT = `POST /trading/ipos/${IPO_ID}/allot`;
const LIST = `POST /trading/ipos/${IPO_ID}/list`;
const CLOSE = `POST /trading/ipos/${IPO_ID}/close`;
const renderDetail = () =>
  renderWithProviders(<IpoDetailPage />, {
    route: `/trading/offerings/ipos/${IPO_ID}`,
    path: '/trading/offerings/ipos/:id',
  });

describe('IpoDetailPage', () => {
  it('closes bidding on an open issue after confirmation; allotment and listing wait', async () => {
    const api = mockApi({
      [GET]: [ok(ipoIssue()), ok(ipoIssue({ status: 'closed' }))],
      [CLOSE]: ok(ipoIssue({ status: 'closed' }), TRADING_DONE.offeringClosed),
    });
    renderDetail();
    expect(await screen.findByTestId('ipo-subscription')).toHaveTextContent('2.35×');
    expect(screen.getByTestId('ipo-applications')).toHaveTextContent('42');
    expect(screen.getByTestId('ipo-allot')).toBeDisabled();
    expect(screen.getByTestId('ipo-list')).toBeDisabled();

    await userEvent.click(screen.getByTestId('ipo-close'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('action-confirm'));
    expect(await screen.findByText(TRADING_DONE.offeringClosed)).toBeInTheDocument();
    expect(api.callsTo(CLOSE)).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('ipo-allot')).toBeEnabled());
    expect(screen.getByTestId('ipo-close')).toBeDisabled();
  });

  it('runs the allotment with a checked seed and shows what it did', async () => {
    let key: string | undefined;
    const api = mockApi({
      [GET]: [ok(ipoIssue({ status: 'closed' })), ok(ipoIssue({ status: 'allotted' }))],
      [ALLOT]: (config) => {
        key = config.headers.get('Idempotency-Key') as string;
        return ok(allotmentResult(), TRADING_DONE.allotted);
      },
      [`GET /trading/ipos/${IPO_ID}/allotment`]: ok(allotmentResult()),
    });
    renderDetail();
    await userEvent.click(await screen.findByTestId('ipo-allot'));
    const dialog = await screen.findByRole('dialog', { name: 'Run allotment' });
    await userEvent.type(within(dialog).getByTestId('ipo-allot-seed'), 'not-hex');
    await userEvent.click(within(dialog).getByTestId('ipo-allot-run'));
    expect(await within(dialog).findByText('A seed is 16 to 64 hex digits.')).toBeInTheDocument();
    expect(api.callsTo(ALLOT)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByTestId('ipo-allot-seed'));
    await userEvent.type(
      within(dialog).getByTestId('ipo-allot-seed'),
      '0123456789abcdef0123456789abcdef',
    );
    await userEvent.click(within(dialog).getByTestId('ipo-allot-run'));
    expect(await screen.findByText(TRADING_DONE.allotted)).toBeInTheDocument();
    expect(api.callsTo(ALLOT)[0]!.body).toEqual({ seed: '0123456789abcdef0123456789abcdef' });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const result = await screen.findByTestId('allotment-result');
    expect(within(result).getByTestId('allotment-method')).toHaveAttribute(
      'data-method',
      'lottery',
    );
    expect(within(result).getByTestId('allotment-seed')).toHaveTextContent(
      '0123456789abcdef0123456789abcdef',
    );
    expect(within(result).getByTestId('allotment-lots-offered')).toHaveTextContent('200');
    expect(within(result).getByTestId('allotment-lots-applied')).toHaveTextContent('470');
    expect(within(result).getByTestId('allotment-applicants')).toHaveTextContent('3');
    expect(within(result).getByTestId('allotment-allotted')).toHaveTextContent('2');
    expect(within(result).getByTestId('allotment-refunded')).toHaveTextContent('₹60,000.00');
    expect(within(result).getAllByTestId('allotment-row')).toHaveLength(3);
  });

  it('sends no seed when none is given, and shows a refusal in the dialog', async () => {
    const api = mockApi({
      [GET]: ok(ipoIssue({ status: 'closed' })),
      [ALLOT]: fail(409, 'Bidding on this issue has not closed yet.'),
    });
    renderDetail();
    await userEvent.click(await screen.findByTestId('ipo-allot'));
    const dialog = await screen.findByRole('dialog', { name: 'Run allotment' });
    await userEvent.click(within(dialog).getByTestId('ipo-allot-run'));
    expect(await within(dialog).findByTestId('decision-error')).toHaveTextContent(
      'Bidding on this issue has not closed yet.',
    );
    expect(api.callsTo(ALLOT)[0]!.body).toEqual({});
  });

  it('shows the recorded allotment and lists only from the listing date', async () => {
    mockApi({
      [GET]: ok(ipoIssue({ status: 'allotted', listing_date: '2099-03-09' })),
      [`GET /trading/ipos/${IPO_ID}/allotment`]: ok(allotmentResult()),
    });
    renderDetail();
    expect(await screen.findByTestId('allotment-result')).toBeInTheDocument();
    expect(screen.getByTestId('ipo-list')).toBeDisabled();
    expect(screen.getByTestId('ipo-next-step')).toHaveTextContent('listed from 9 Mar 2099');
  });

  it('lists an allotted issue on or after its listing date', async () => {
    const api = mockApi({
      [GET]: ok(ipoIssue({ status: 'allotted', listing_date: '2026-01-05' })),
      [`GET /trading/ipos/${IPO_ID}/allotment`]: ok(allotmentResult()),
      [LIST]: ok(ipoIssue({ status: 'listed' }), TRADING_DONE.listed),
    });
    renderDetail();
    const list = await screen.findByTestId('ipo-list');
    expect(list).toBeEnabled();
    await userEvent.click(list);
    await userEvent.click(within(await screen.findByRole('dialog')).getByTestId('action-confirm'));
    expect(await screen.findByText(TRADING_DONE.listed)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(1);
  });
});
