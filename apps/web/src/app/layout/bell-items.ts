import { useTranslation } from '../../lib/i18n';
import { useNotifications } from '../../lib/market/price-alerts';
import { noticeOpens, noticeText, useNotices, type TNoticeOpens } from '../../lib/notices';

export type BellItem = {
  id: string;
  text: string;
  at: string | null;
  unread: boolean;
  /** Where the row leads: a screen or a drawer (a fired price alert leads nowhere). */
  opens?: TNoticeOpens;
};

/** Fired alerts and the records' notices, newest first, unread counted together. */
export function useBellItems() {
  const { t } = useTranslation();
  const { data: notes } = useNotifications();
  const { data: notices } = useNotices();
  const items: BellItem[] = [
    ...(notes?.items ?? []).map((n) => ({
      id: n.id,
      text: n.message ?? n.symbol,
      at: n.triggered_at,
      unread: !n.read_at,
    })),
    ...(notices?.items ?? []).map((n) => ({
      id: n.id,
      text: noticeText(t, n),
      at: n.created_at,
      unread: !n.read_at,
      opens: noticeOpens(n),
    })),
  ].sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
  return { items, unread: (notes?.unread ?? 0) + (notices?.unread ?? 0) };
}
