import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { marketStatusQueryOptions } from '../api/get-market-status';
import { useMarketTranslation } from '../i18n';

/** Whether NSE is trading now (Asia/Kolkata sessions), and if not, the holiday's name. */
export function MarketStatusBadge() {
  const { t } = useMarketTranslation();
  const { data: status } = useQuery(marketStatusQueryOptions());
  if (!status) return null;
  const label = t(`session.${status.session}`);
  return (
    <Badge
      variant="dot"
      color={
        status.session === 'open' ? 'green' : status.session === 'pre_open' ? 'yellow' : 'gray'
      }
      data-testid="market-status"
    >
      {status.holiday ? `${label} · ${status.holiday}` : label}
    </Badge>
  );
}
