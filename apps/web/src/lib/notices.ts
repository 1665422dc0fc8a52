/**
 * What happened to the client's records (decision 049): the list behind the bell, marking it
 * read, and where each notice leads. Price alerts are alerts' own (market/price-alerts.ts).
 */
import {
  formatBps,
  formatPaise,
  type TClientNotification,
  type TClientNotifications,
  type TNoticeDetail,
  type TNotificationKind,
} from '@sampada/shared';
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { paths } from '../config/paths';
import { apiGet, apiPost } from './api-client';
import { createStore } from './create-store';
import { formatDay } from './datetime';
import type { TCommonTranslate } from './i18n';
import { queryKeys } from './query-keys';

export const noticesQueryKey = ['notifications'] as const;

/** GET /client/app/v1/notifications, polled every 30 s for when the socket is closed. */
export const noticesQueryOptions = () =>
  queryOptions({
    queryKey: noticesQueryKey,
    queryFn: () => apiGet<TClientNotifications>('/client/app/v1/notifications', { silent: true }),
    refetchInterval: 30_000,
  });

export const useNotices = () => useQuery(noticesQueryOptions());

/**
 * Whether the bell's list is open. While it is, a notice heard live comes as a new row of the
 * list, not as a toast too (on a phone a toast lay over the open list).
 */
export const bellListOpen = createStore(false);

const { stat, funds, trade, loan, compensation, applications, offers, chat } = queryKeys;
/** Cash moved: balances, Home's and the portfolio's figures, the records. */
const CASH = [stat.all, funds.all];
/** A trade happened or its hold was released: orders, holdings, GTTs and the cash. */
const TRADE = [trade.all, ...CASH];
const LOAN = [loan.all, applications.all];
const CLAIM = [compensation.all, applications.all];

/**
 * The queries each kind's step makes stale, as key prefixes (queryKeys' `all`): a credited
 * deposit changes balances, a fill the holdings, a KYC decision the profile. The notices' list
 * is refetched on every notice besides these.
 */
export const NOTICE_REFRESHES: Record<TNotificationKind, readonly QueryKey[]> = {
  'deposit.confirm': CASH,
  'deposit.reject': [funds.all],
  'withdrawal.pay': CASH,
  'withdrawal.reject': CASH,
  'order.fill': TRADE,
  'order.fill_partially': TRADE,
  'order.reject': TRADE,
  'order.expire': TRADE,
  'gtt.trigger': TRADE,
  'gtt.expire': [trade.gtts],
  'loan.approve': LOAN,
  'loan.reject': LOAN,
  'loan.disburse': [...LOAN, ...CASH],
  'loan.close': [...LOAN, ...CASH],
  'loan.foreclose': [...LOAN, ...TRADE],
  'loan.due_reminder': [loan.all],
  'loan.auto_debit_failed': [loan.all, ...CASH],
  'loan.penal_charge': [loan.all],
  'loan.margin_call': [loan.all],
  'loan.invoke_pledge': [loan.all, ...TRADE],
  'loan.pledge_sale': [loan.all, ...TRADE],
  'loan.rate_reset': [loan.all],
  'compensation.ask_info': CLAIM,
  'compensation.approve': CLAIM,
  'compensation.partly_approve': CLAIM,
  'compensation.reject': CLAIM,
  'compensation.pay': [...CLAIM, ...CASH],
  'kyc.approve': [queryKeys.profile, queryKeys.kycDetail, applications.all],
  'kyc.reject': [queryKeys.profile, queryKeys.kycDetail, applications.all],
  'support.reply': [chat.all],
  'offer.claim': [offers.all, applications.all, ...CASH],
  // Shares transferred in: the holdings, the returns and the request list.
  'transfer_in.confirm': [trade.all, stat.all],
  'transfer_in.reject': [trade.transfersIn],
};

/** Refetches what a notice's step changed, and the notices' list itself. */
export const refreshForNotice = (
  queryClient: QueryClient,
  notice: Pick<TClientNotification, 'kind'>,
) =>
  Promise.all(
    [noticesQueryKey, ...(NOTICE_REFRESHES[notice.kind] ?? [])].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/** POST /client/app/v1/notifications/read */
export const useMarkNoticesRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ marked: number }>('/client/app/v1/notifications/read'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesQueryKey }),
  });
};

/** Where a notice leads: a screen, or a drawer that lists what it is about. */
export type TNoticeOpens =
  { href: string } | { drawer: 'support' } | { drawer: 'deposit'; focusId: string };

/**
 * A chat reply opens the chat; a deposit refused moved no money, so there is no receipt to
 * show: it opens the Deposit drawer with it in view among the recent deposits, with the
 * reason. Every
 * other notice opens the screen `noticeHref` names.
 */
export function noticeOpens(
  notice: Pick<TClientNotification, 'kind' | 'subject_id'> &
    Partial<Pick<TClientNotification, 'detail'>>,
): TNoticeOpens {
  if (notice.kind === 'support.reply') return { drawer: 'support' };
  if (notice.kind === 'deposit.reject') return { drawer: 'deposit', focusId: notice.subject_id };
  return { href: noticeHref(notice) };
}

/**
 * The screen that shows the record a notice is about: money that moved opens its receipt over
 * the fund records, an order opens in History.
 */
export function noticeHref(
  notice: Pick<TClientNotification, 'kind' | 'subject_id'> &
    Partial<Pick<TClientNotification, 'detail'>>,
): string {
  switch (notice.kind.split('.')[0]) {
    case 'deposit':
    case 'withdrawal':
      return notice.detail?.type === 'amount' && notice.detail.posting_id
        ? `${paths.me.records}?receipt=${encodeURIComponent(notice.detail.posting_id)}`
        : paths.me.records;
    case 'order':
      return `${paths.portfolio.history}?order=${encodeURIComponent(notice.subject_id)}`;
    case 'gtt':
      return paths.portfolio.gtt;
    case 'transfer_in':
      return paths.portfolio.transferIn;
    case 'loan':
      return paths.loan(notice.subject_id);
    case 'compensation':
    case 'offer':
      return paths.me.application;
    default:
      return paths.me.profile;
  }
}

/** The locale key of a notice's sentence without figures: `notices.deposit.confirm`. */
export const noticeKey = (notice: Pick<TClientNotification, 'kind'>) =>
  `notices.${notice.kind}` as const;

/**
 * A notice's figures as the sentence's values: money with Indian grouping, a day as 3 Dec 2026,
 * a bank account by its last four digits (an older row without one: "your bank account").
 */
function noticeValues(t: TCommonTranslate, detail: TNoticeDetail): Record<string, string | number> {
  switch (detail.type) {
    case 'order':
      return {
        symbol: detail.symbol,
        quantity: detail.quantity,
        filled: detail.filled_quantity,
        price: detail.average_price_paise === null ? '' : formatPaise(detail.average_price_paise),
      };
    case 'amount':
      return {
        amount: formatPaise(detail.amount_paise),
        account: detail.bank
          ? `${detail.bank.name} ••${detail.bank.last4}`
          : t('noticeDetails.yourAccount'),
      };
    case 'due':
      return { amount: formatPaise(detail.amount_paise), date: formatDay(detail.due_date) };
    case 'ipo':
      return {
        symbol: detail.symbol,
        applied: detail.lots_applied,
        allotted: detail.lots_allotted,
        shares: detail.shares_allotted,
        price: formatPaise(detail.price_paise),
        refund: formatPaise(detail.refund_paise),
        // "the 1 lot" or "all 2 lots" where every lot applied for was allotted.
        count: detail.lots_applied,
      };
    case 'reason':
      return {};
    case 'pledge_sale':
      return {
        sold: detail.sold
          .map((line) => `${line.quantity} ${line.symbol} (${formatPaise(line.value_paise)})`)
          .join(', '),
        amount: formatPaise(detail.recover_paise),
      };
    case 'pledge_sold':
      return {
        symbol: detail.symbol,
        quantity: detail.sold_quantity,
        planned: detail.quantity,
        proceeds: formatPaise(detail.proceeds_paise),
        repaid: formatPaise(detail.repaid_paise),
      };
    case 'rate_reset':
      return {
        oldRate: formatBps(detail.old_rate_bps),
        newRate: formatBps(detail.new_rate_bps),
        oldEmi: formatPaise(detail.old_emi_paise),
        newEmi: formatPaise(detail.new_emi_paise),
        oldCount: detail.old_instalments,
        newCount: detail.new_instalments,
      };
  }
}

/**
 * Which of its kind's sentences a notice's figures take: an order's by its side (an IPO
 * application's as an allotment), a sale by whether any sold and whether any of
 * it repaid the loan.
 */
function detailVariant(detail: TNoticeDetail): string {
  if (detail.type === 'order') return `.${detail.side}`;
  if (detail.type === 'ipo') return '.ipo';
  if (detail.type === 'pledge_sold') {
    if (detail.sold_quantity === 0) return '.unsold';
    // Nothing repaid (the loan closed meanwhile): say where the money went, not "₹0.00 repaid".
    return detail.repaid_paise > 0 ? '.sold' : '.kept';
  }
  return '';
}

/**
 * What a notice says (decision 056): its kind's sentence with its figures ("Bought 20 INFY at
 * ₹1,502.35"), an order's by its side, a settled pledge sale's by whether any sold; the kind's plain sentence where there are none (older
 * rows, a kind with no figures). A decision's reason, in the officer's words, follows it.
 */
export function noticeText(
  t: TCommonTranslate,
  notice: Pick<TClientNotification, 'kind' | 'detail'>,
): string {
  const plain = t(noticeKey(notice));
  const { detail } = notice;
  if (!detail) return plain;
  const key = `noticeDetails.${notice.kind}${detailVariant(detail)}`;
  const sentence = t(key, { defaultValue: plain, ...noticeValues(t, detail) });
  const reason = 'reason' in detail ? detail.reason : null;
  return reason ? `${sentence} ${t('noticeDetails.reason', { reason })}` : sentence;
}
