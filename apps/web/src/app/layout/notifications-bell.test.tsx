import { notificationsStore } from '@mantine/notifications';
import type { TClientNotification } from '@sampada/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawerStore } from '../../lib/drawers';
import { DEFAULT_LANGUAGE, setLanguage } from '../../lib/i18n';
import { getQuotesSocket } from '../../lib/market/live-quotes';
import { queryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { mockApi, ok } from '../../test/http';
import { renderWithProviders, resetAppState } from '../../test/render';
import { NotificationsBell, useNoticeToasts } from './notifications-bell';

beforeEach(resetAppState);
afterEach(() => vi.restoreAllMocks());

/** Captures what the socket hands the app's notice listener, so a test can play a frame. */
function hearNotices() {
  let hear: ((notice: TClientNotification) => void) | undefined;
  vi.spyOn(getQuotesSocket(), 'onNotification').mockImplementation((listener) => {
    hear = listener;
    return () => undefined;
  });
  return (notice: TClientNotification) => act(() => hear!(notice));
}

const notice = (
  kind: TClientNotification['kind'],
  id = 'n9',
  detail: TClientNotification['detail'] = null,
): TClientNotification => ({
  id,
  kind,
  subject_type: kind.split('.')[0]!,
  subject_id: 's1',
  created_at: '2026-11-29T05:00:00.000Z',
  read_at: null,
  detail,
});

function BellWithToasts() {
  useNoticeToasts();
  return <NotificationsBell />;
}

const toasts = () => document.querySelectorAll('[data-toast-type]');

describe('the notifications bell', () => {
  it('is the popup’s button itself, so the badge’s wrapper carries no popup state', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 2 }),
      'GET /client/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    // A generic element may not carry aria-expanded (axe's aria-allowed-attr): only the button.
    expect([...document.querySelectorAll('[aria-expanded]')]).toEqual([bell]);
    await user.click(bell);
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'true'));
  });

  it('lists what happened to the client’s records beside fired alerts, each opening its record, and marks both read', async () => {
    const { calls } = mockApi({
      'GET /market/app/v1/notifications': ok({
        items: [
          {
            id: 'a1',
            symbol: 'INFY',
            name: 'Infosys',
            direction: 'above',
            price_paise: 150_000,
            status: 'triggered',
            created_at: '2026-11-27T04:00:00.000Z',
            triggered_at: '2026-11-27T05:00:00.000Z',
            triggered_price_paise: 150_500,
            read_at: null,
            message: 'INFY crossed above ₹1,500.00',
          },
        ],
        unread: 1,
      }),
      'GET /client/app/v1/notifications': ok({
        items: [
          {
            id: 'n1',
            kind: 'deposit.confirm',
            subject_type: 'deposit',
            subject_id: 'd1',
            created_at: '2026-11-28T05:00:00.000Z',
            read_at: null,
            detail: { type: 'amount', amount_paise: 2_500_000, reason: null, posting_id: '4417' },
          },
          {
            id: 'n2',
            kind: 'loan.disburse',
            subject_type: 'loan',
            subject_id: 'l1',
            created_at: '2026-11-26T05:00:00.000Z',
            read_at: '2026-11-26T06:00:00.000Z',
            detail: null,
          },
        ],
        unread: 1,
      }),
      'GET /market/app/v1/alerts': ok([]),
      'POST /market/app/v1/notifications/read': ok({ marked: 1 }),
      'POST /client/app/v1/notifications/read': ok({ marked: 1 }),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('₹25,000.00 added to your funds.'),
      expect.stringContaining('INFY crossed above'),
      expect.stringContaining('Your loan was disbursed to your account.'),
    ]);
    // Money that moved opens its receipt.
    expect(rows[0]).toHaveAttribute('href', '/me/records?receipt=4417');
    expect(rows[2]).toHaveAttribute('href', '/credit/loans/l1');
    expect(rows.map((r) => r.hasAttribute('data-unread'))).toEqual([true, true, false]);
    // The popover's opening transition never ends in happy-dom (no transitionend), so its content
    // counts as hidden to role queries; the button is there all the same.
    await user.click(await screen.findByRole('button', { name: 'Mark all as read', hidden: true }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.method === 'POST')
          .map((c) => c.url)
          .sort(),
      ).toEqual(['/client/app/v1/notifications/read', '/market/app/v1/notifications/read']),
    );
  });

  it('a refused deposit, which moved no money, opens the Deposit drawer that lists it; a chat reply opens the chat', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({
        items: [notice('deposit.reject', 'n1'), notice('support.reply', 'n2')],
        unread: 2,
      }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const [refused] = await screen.findAllByTestId('notification');
    expect(refused).not.toHaveAttribute('href');
    await user.click(refused!);
    expect(drawerStore.get()).toMatchObject({ open: 'deposit', deposit: { focusId: 's1' } });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click((await screen.findAllByTestId('notification'))[1]!);
    expect(drawerStore.get().open).toBe('support');
  });

  it('a notice heard while the list is open is a new row of the list, not a toast too', async () => {
    const listed: TClientNotification[] = [];
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': () => ok({ items: [...listed], unread: listed.length }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const hear = hearNotices();
    const { user } = renderWithProviders(<BellWithToasts />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    await user.click(bell);
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'true'));

    listed.push(notice('deposit.confirm'));
    hear(notice('deposit.confirm'));
    // The list refetches and shows it live; no toast lies over the list.
    const row = await screen.findByTestId('notification');
    expect(row).toHaveTextContent('Your deposit was credited to your account.');
    expect(toasts()).toHaveLength(0);

    // Closed, the next notice is a toast again.
    await user.click(bell);
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'false'));
    listed.push(notice('withdrawal.pay', 'n10'));
    hear(notice('withdrawal.pay', 'n10'));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toHaveTextContent('Your withdrawal was paid to your bank account.');
  });

  it('a notice’s toast shown just before the list opens goes when it opens: it lay over the rows', async () => {
    const listed: TClientNotification[] = [];
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': () => ok({ items: [...listed], unread: listed.length }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const hear = hearNotices();
    const { user } = renderWithProviders(<BellWithToasts />);
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    listed.push(notice('deposit.confirm'));
    hear(notice('deposit.confirm'));
    await waitFor(() => expect(toasts()).toHaveLength(1));

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByTestId('notification')).toHaveTextContent(
      'Your deposit was credited to your account.',
    );
    // Hidden by the opening itself, not by its own 8 s running out.
    const shown = () => notificationsStore.getState().notifications.map((n) => n.id);
    expect(shown()).not.toContain('notice-n9');
    await waitFor(() => expect(toasts()).toHaveLength(0));
  });

  it('a notice refetches the queries its kind concerns and leaves the others alone', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const hear = hearNotices();
    const seeded = {
      holdings: queryKeys.trade.holdings,
      assets: queryKeys.stat.assets,
      deposits: queryKeys.funds.deposits,
      loans: queryKeys.loan.loans,
      watchlist: queryKeys.market.watchlist,
      profile: queryKeys.profile,
    };
    for (const key of Object.values(seeded)) queryClient.setQueryData(key, { seeded: true });
    renderWithProviders(<BellWithToasts />);
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    const stale = () =>
      Object.entries(seeded)
        .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
        .map(([name]) => name)
        .sort();

    hear(notice('order.fill'));
    // A fill moves holdings and cash, not loans, the watchlist or the profile.
    expect(stale()).toEqual(['assets', 'deposits', 'holdings']);

    for (const key of Object.values(seeded)) queryClient.setQueryData(key, { seeded: true });
    hear(notice('kyc.approve', 'n11'));
    expect(stale()).toEqual(['profile']);
  });

  it('says what happened with the figures: money with ₹ and Indian grouping, a due day, an order’s side', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({
        items: [
          notice('deposit.confirm', 'n1', {
            type: 'amount',
            amount_paise: 2_500_000_00,
            reason: null,
          }),
          notice('order.fill', 'n2', {
            type: 'order',
            symbol: 'INFY',
            side: 'buy',
            quantity: 10,
            filled_quantity: 10,
            average_price_paise: 150_235,
            reason: null,
          }),
          notice('loan.due_reminder', 'n3', {
            type: 'due',
            amount_paise: 421_000,
            due_date: '2026-12-03',
          }),
          notice('withdrawal.reject', 'n4', {
            type: 'amount',
            amount_paise: 500_000,
            reason: 'The bank account is closed',
          }),
          // Written before notices had figures: today's wording.
          notice('deposit.confirm', 'n5'),
        ],
        unread: 5,
      }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 5 unread' }));
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('₹25,00,000.00 added to your funds.'),
      expect.stringContaining('Bought 10 INFY at ₹1,502.35.'),
      expect.stringContaining(
        'Loan instalment of ₹4,210.00 due on 3 Dec 2026 (IST); it will be collected',
      ),
      expect.stringContaining(
        'Your withdrawal of ₹5,000.00 was rejected and the amount returned to you. Reason: The bank account is closed',
      ),
      expect.stringContaining('Your deposit was credited to your account.'),
    ]);
  });

  it('a paid withdrawal names the account by bank and last four digits; a pledge sale its shares and what it recovers', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({
        items: [
          notice('withdrawal.pay', 'n1', {
            type: 'amount',
            amount_paise: 500_000,
            reason: null,
            bank: { name: 'HDFC Bank', last4: '1234' },
          }),
          notice('loan.invoke_pledge', 'n2', {
            type: 'pledge_sale',
            sold: [
              { symbol: 'INFY', quantity: 12, value_paise: 1_842_000 },
              { symbol: 'TCS', quantity: 1, value_paise: 412_345 },
            ],
            recover_paise: 1_800_000,
          }),
          // Paid before notices named the account.
          notice('withdrawal.pay', 'n3', { type: 'amount', amount_paise: 250_000, reason: null }),
        ],
        unread: 3,
      }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('₹5,000.00 sent to HDFC Bank ••1234.'),
      expect.stringContaining(
        'Selling 12 INFY (₹18,420.00), 1 TCS (₹4,123.45) of your pledged shares at market to recover ₹18,000.00 of your loan.',
      ),
      expect.stringContaining('₹2,500.00 sent to your bank account.'),
    ]);
  });

  it('a settled pledge sale tells what it sold, raised and repaid, in English and Hindi', async () => {
    const sold = (id: string, soldQuantity: number, proceeds: number, repaid: number) =>
      notice('loan.pledge_sale', id, {
        type: 'pledge_sold',
        symbol: 'INFY',
        quantity: 12,
        sold_quantity: soldQuantity,
        proceeds_paise: proceeds,
        repaid_paise: repaid,
      });
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({
        items: [
          sold('n1', 12, 1_842_000, 1_800_000),
          sold('n2', 0, 0, 0),
          sold('n3', 12, 1_842_000, 0),
        ],
        unread: 3,
      }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const first = renderWithProviders(<NotificationsBell />);
    await first.user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    expect((await screen.findAllByTestId('notification')).map((r) => r.textContent)).toEqual([
      expect.stringContaining('Sold 12 INFY for ₹18,420.00; ₹18,000.00 repaid on your loan.'),
      expect.stringContaining(
        'None of the 12 pledged INFY put up for sale were sold; nothing was repaid on your loan.',
      ),
      // The loan closed before the sale settled: nothing repaid, the money is the client's.
      expect.stringContaining('Sold 12 INFY for ₹18,420.00; the proceeds were added to your cash.'),
    ]);
    expect(screen.queryByText(/₹0\.00 repaid/)).not.toBeInTheDocument();
    first.unmount();
    await act(() => setLanguage('hi-IN'));
    try {
      const { user } = renderWithProviders(<NotificationsBell />);
      await user.click(await screen.findByRole('button', { name: /3/ }));
      const [done, , kept] = await screen.findAllByTestId('notification');
      expect(done).toHaveTextContent('12 INFY ₹18,420.00 में बेचे गए; आपके ऋण पर ₹18,000.00 चुकाए गए।');
      expect(kept).toHaveTextContent('12 INFY ₹18,420.00 में बेचे गए; यह राशि आपके नकद शेष में जोड़ी गई।');
    } finally {
      await act(() => setLanguage(DEFAULT_LANGUAGE));
    }
  });

  it('an IPO application is told as its allotment and refund, never as a trade or a rejection', async () => {
    const ipo = (
      id: string,
      kind: TClientNotification['kind'],
      allotted: number,
      refund: number,
      applied = 2,
    ) =>
      notice(kind, id, {
        type: 'ipo',
        symbol: 'NEWCO',
        lots_applied: applied,
        lots_allotted: allotted,
        shares_allotted: allotted * 200,
        price_paise: 10_000,
        refund_paise: refund,
      });
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({
        items: [
          ipo('n1', 'order.fill', 2, 0),
          ipo('n2', 'order.fill_partially', 1, 2_000_000),
          ipo('n3', 'order.reject', 0, 4_000_000),
          ipo('n4', 'order.fill', 1, 0, 1),
        ],
        unread: 4,
      }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const { user } = renderWithProviders(<NotificationsBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 4 unread' }));
    expect((await screen.findAllByTestId('notification')).map((r) => r.textContent)).toEqual([
      expect.stringContaining(
        'IPO allotment: all 2 lots of NEWCO allotted, 400 shares at ₹100.00.',
      ),
      expect.stringContaining(
        'IPO allotment: 1 of 2 lots of NEWCO allotted, 200 shares at ₹100.00; ₹20,000.00 of the blocked amount released to your cash.',
      ),
      expect.stringContaining(
        'IPO: no lots of NEWCO were allotted to you; the blocked ₹40,000.00 is released to your cash.',
      ),
      expect.stringContaining(
        'IPO allotment: the 1 lot of NEWCO you applied for was allotted, 200 shares at ₹100.00.',
      ),
    ]);
    expect(screen.queryByText(/rejected|Bought/)).not.toBeInTheDocument();
    // Each opens its own order in History, open to its fills.
    expect(screen.getAllByTestId('notification')[0]).toHaveAttribute(
      'href',
      '/portfolio/history?order=s1',
    );
  });

  it('a notice’s toast tells its figures too', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /market/app/v1/alerts': ok([]),
    });
    const hear = hearNotices();
    renderWithProviders(<BellWithToasts />);
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    hear(
      notice('order.fill', 'n12', {
        type: 'order',
        symbol: 'TCS',
        side: 'sell',
        quantity: 3,
        filled_quantity: 3,
        average_price_paise: 412_345_60,
        reason: null,
      }),
    );
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()[0]).toHaveTextContent('Sold 3 TCS at ₹4,12,345.60.');
  });

  it('tells the figures in Hindi when the client reads Hindi', async () => {
    mockApi({
      'GET /market/app/v1/notifications': ok({ items: [], unread: 0 }),
      'GET /client/app/v1/notifications': ok({
        items: [
          notice('offer.claim', 'n1', { type: 'amount', amount_paise: 120_000, reason: null }),
          notice('withdrawal.pay', 'n2', {
            type: 'amount',
            amount_paise: 500_000,
            reason: null,
            bank: { name: 'HDFC Bank', last4: '1234' },
          }),
          notice('loan.invoke_pledge', 'n3', {
            type: 'pledge_sale',
            sold: [{ symbol: 'INFY', quantity: 12, value_paise: 1_842_000 }],
            recover_paise: 1_800_000,
          }),
        ],
        unread: 3,
      }),
      'GET /market/app/v1/alerts': ok([]),
    });
    await act(() => setLanguage('hi-IN'));
    try {
      const { user } = renderWithProviders(<NotificationsBell />);
      await user.click(await screen.findByRole('button', { name: /3/ }));
      const [bonus, paid, sale] = await screen.findAllByTestId('notification');
      expect(bonus).toHaveTextContent('₹1,200.00 का बोनस आपकी नकद राशि में जमा हुआ।');
      expect(paid).toHaveTextContent('₹5,000.00 की निकासी HDFC Bank ••1234 में भेज दी गई।');
      expect(sale).toHaveTextContent(
        'आपके ऋण के ₹18,000.00 की वसूली के लिए आपके गिरवी रखे शेयरों में से 12 INFY (₹18,420.00) बाज़ार भाव पर बेचे जा रहे हैं।',
      );
    } finally {
      await act(() => setLanguage(DEFAULT_LANGUAGE));
    }
  });
});
