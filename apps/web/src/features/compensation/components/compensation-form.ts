import { formatPaise, type TDepositView, type TOrder, type TWithdrawalView } from '@sampada/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export type TValues = {
  category: string;
  amount: string | number;
  description: string;
  related: string;
  images: File[];
};

/** The client's own orders, deposits and withdrawals, for the "concerns" picker. */
export function useOwnRecords() {
  return useQuery({
    queryKey: ['compensation', 'own-records'],
    queryFn: async () => {
      const [orders, deposits, withdrawals] = await Promise.all([
        apiGet<{ items: TOrder[] }>('/trade/app/v1/orders', {
          params: { limit: 50 },
          silent: true,
        }),
        apiGet<{ items: TDepositView[] }>('/funds/app/v1/deposits', { silent: true }),
        apiGet<{ items: TWithdrawalView[] }>('/funds/app/v1/withdrawals', { silent: true }),
      ]);
      return [
        ...orders.items.map((o) => ({
          value: `order:${o.id}`,
          label: `Order ${o.side.toUpperCase()} ${o.quantity} ${o.symbol}`,
        })),
        ...deposits.items.map((d) => ({
          value: `deposit:${d.id}`,
          label: `Deposit ${formatPaise(d.amount_paise)} · ${d.created_at.slice(0, 10)}`,
        })),
        ...withdrawals.items.map((w) => ({
          value: `withdrawal:${w.id}`,
          label: `Withdrawal ${formatPaise(w.amount_paise)} · ${w.created_at.slice(0, 10)}`,
        })),
      ];
    },
  });
}

export const toRequest = (values: TValues) => {
  const [kind, id] = values.related ? values.related.split(':') : [];
  return {
    category: values.category,
    // Rupee text (decision 062): the amount input holds a number after blur (spec §5).
    amount: String(values.amount),
    description: values.description,
    related: kind && id ? { kind, id } : null,
    evidence: [] as string[],
  };
};
