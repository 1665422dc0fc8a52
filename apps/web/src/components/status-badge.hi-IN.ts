import type { TTranslation } from '../lib/i18n';
import type { moneyStatusEnUS } from './status-badge';
/** A deposit's or withdrawal's status in Hindi; fetched only when Hindi is chosen. */
export default {
  pending: 'लंबित',
  confirmed: 'पुष्टि हुई',
  rejected: 'अस्वीकृत',
  cancelled: 'रद्द',
  paid: 'भुगतान हुआ',
} satisfies TTranslation<typeof moneyStatusEnUS>;
