import { PORTFOLIO_MESSAGES as PM, type TCorporateAction } from '@sampada/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { FORM_MESSAGES } from '../components/propose-form';
import { CorporateActionsPage, OWN_PROPOSAL } from './corporate-actions';

const LIST = 'GET /portfolio/corporate-actions';
const ME = 'staff-1'; // signInAs's id

const action = (over: Partial<TCorporateAction> = {}): TCorporateAction => ({
  id: '5b0f8f0e-8c53-4b8e-9d57-1f2a3b4c5d6e',
  symbol: 'SBIN',
  kind: 'split',
  ratio_new: 5,
  ratio_old: 1,
  per_share_paise: null,
  new_symbol: null,
  ex_date: '2020-03-13',
  record_date: '2020-03-13',
  purpose: 'Face Value Split (Sub-Division) - From Rs 10/- Per Share To Rs 2/- Per Share',
  source: 'console',
  status: 'proposed',
  proposed_by: 'staff-2',
  decided_by: null,
  proposed_by_email: 'maker@sampada.in',
  decided_by_email: null,
  created_at: '2020-03-10T05:30:00.000Z',
  decided_at: null,
  reject_reason: null,
  applied_at: null,
  ...over,
});
const list = (...items: TCorporateAction[]) => ok({ items });
const MINE = action({
  id: '6c1f8f0e-8c53-4b8e-9d57-1f2a3b4c5d6e',
  symbol: 'TCS',
  kind: 'bonus',
  ratio_new: 1,
  ratio_old: 1,
  proposed_by: ME,
  proposed_by_email: 'desk@sampada.in',
});

const renderPage = () =>
  renderWithProviders(<CorporateActionsPage />, {
    route: '/corporate-actions',
    path: '/corporate-actions',
  });

beforeEach(() => signInAs(['operations']));
afterEach(async () => {
  session.clear();
  await cleanNotifications();
});

describe('CorporateActionsPage', () => {
  it("lists what awaits approval with who proposed it; the proposer's own Approve is off, with why", async () => {
    mockApi({ [LIST]: list(action(), MINE, action({ id: 'x', status: 'applied' })) });
    renderPage();
    const rows = await screen.findAllByTestId('action-row');
    expect(rows).toHaveLength(2);
    const [other, mine] = rows as [HTMLElement, HTMLElement];
    expect(other).toHaveTextContent('Split 5:1');
    expect(other).toHaveTextContent('Ex-date 13 Mar 2020');
    expect(other).toHaveTextContent('maker@sampada.in');
    expect(other).toHaveTextContent('IST');
    expect(within(other).getByTestId('action-approve')).toBeEnabled();
    expect(within(mine).getByTestId('action-approve')).toBeDisabled();
    expect(within(mine).getByTestId('action-own')).toHaveTextContent(OWN_PROPOSAL);
    expect(within(mine).getByTestId('action-reject')).toBeEnabled();
  });

  it('approving a due action says it applies now; the answer is announced and the list read again', async () => {
    const api = mockApi({
      [LIST]: [list(action()), list(action({ status: 'applied' }))],
      [`POST /portfolio/corporate-actions/${action().id}/approve`]: ok(
        action({ status: 'applied' }),
        'Approved.',
      ),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('action-approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve corporate action' });
    expect(within(dialog).getByTestId('approve-when')).toHaveTextContent(
      'applies it to every holder now',
    );
    expect(dialog).toHaveTextContent('A holder of 100 shares will hold 500');
    await userEvent.click(within(dialog).getByTestId('approve-submit'));
    expect(await screen.findByText('Approved.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(await screen.findByText('Nothing awaits approval.')).toBeInTheDocument();
  });

  it("the server's refusal stays in the dialog", async () => {
    mockApi({
      [LIST]: list(action()),
      [`POST /portfolio/corporate-actions/${action().id}/approve`]: fail(409, PM.actionSameOfficer),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('action-approve'));
    await userEvent.click(await screen.findByTestId('approve-submit'));
    expect(await screen.findByTestId('decision-error')).toHaveTextContent(PM.actionSameOfficer);
  });

  it('a rejection needs its reason, then sends it', async () => {
    const api = mockApi({
      [LIST]: list(action()),
      [`POST /portfolio/corporate-actions/${action().id}/reject`]: ok(
        action({ status: 'rejected' }),
        'Rejected.',
      ),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('action-reject'));
    await userEvent.click(await screen.findByTestId('reject-submit'));
    expect(await screen.findByText(PM.reasonRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('reject-reason'), 'Not announced by NSE.');
    await userEvent.click(screen.getByTestId('reject-submit'));
    await screen.findByText('Rejected.');
    expect(api.callsTo(`POST /portfolio/corporate-actions/${action().id}/reject`)[0]!.body).toEqual(
      { reason: 'Not announced by NSE.' },
    );
  });

  it('proposes with a form per kind: a split must add shares; a dividend sends paise and no ratio', async () => {
    const api = mockApi({
      [LIST]: list(),
      'POST /portfolio/corporate-actions': ok(
        { items: [action({ kind: 'dividend' })] },
        'Proposed; a second officer must approve it.',
      ),
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('action-propose'));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a corporate action' });
    await userEvent.type(within(dialog).getByTestId('action-symbol'), 'sbin');
    fireEvent.change(within(dialog).getByTestId('action-ex-date'), {
      target: { value: '2026-03-13' },
    });
    await userEvent.type(within(dialog).getByTestId('action-ratio-new'), '1');
    await userEvent.type(within(dialog).getByTestId('action-ratio-old'), '5');
    await userEvent.click(within(dialog).getByTestId('action-propose-submit'));
    expect(await within(dialog).findByText(FORM_MESSAGES.splitMore)).toBeInTheDocument();
    expect(api.callsTo('POST /portfolio/corporate-actions')).toHaveLength(0);

    await userEvent.click(within(dialog).getByTestId('action-kind'));
    await userEvent.click(await screen.findByRole('option', { name: 'Dividend', hidden: true }));
    expect(within(dialog).queryByTestId('action-ratio-new')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('action-propose-submit'));
    expect(await within(dialog).findByText(FORM_MESSAGES.perShare)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByTestId('action-per-share'), '13.70');
    await userEvent.click(within(dialog).getByTestId('action-propose-submit'));
    await screen.findByText('Proposed; a second officer must approve it.');
    expect(api.callsTo('POST /portfolio/corporate-actions')[0]!.body).toEqual({
      symbol: 'SBIN',
      kind: 'dividend',
      ex_date: '2026-03-13',
      per_share_paise: 1370,
    });
  });

  it("imports NSE's file and lists the rows it could not read", async () => {
    const api = mockApi({
      [LIST]: list(),
      'POST /portfolio/corporate-actions/import': ok({
        added: 1,
        already: 0,
        rejected: [
          { line: 3, symbol: 'WIPRO', reason: 'Buy Back is not a corporate action we apply.' },
        ],
      }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Import NSE file' }));
    fireEvent.change(await screen.findByTestId('import-text'), {
      target: { value: 'SYMBOL,COMPANY NAME\nHDFCBANK,HDFC Bank,EQ,Bonus 1:1' },
    });
    await userEvent.click(screen.getByTestId('import-submit'));
    const result = await screen.findByTestId('import-result');
    expect(result).toHaveTextContent('1 proposed, 0 already on record, 1 not read.');
    expect(result).toHaveTextContent('Line 3 WIPRO: Buy Back');
    expect(api.callsTo('POST /portfolio/corporate-actions/import')[0]!.body).toEqual({
      text: 'SYMBOL,COMPANY NAME\nHDFCBANK,HDFC Bank,EQ,Bonus 1:1',
    });
  });

  it('staff outside operations see the list without the controls', async () => {
    signInAs(['support']);
    mockApi({ [LIST]: list(action()) });
    renderPage();
    await screen.findByTestId('action-row');
    expect(screen.queryByTestId('action-approve')).toBeNull();
    expect(screen.queryByTestId('action-propose')).toBeNull();
  });
});
