import {
  APPLICATION_KIND_LABELS,
  COMPENSATION_CATEGORY_LABELS,
  GTT_STATUS_LABELS,
  RECORD_TYPE_LABELS,
  VIP_DISCOUNT_LABEL,
} from '@sampada/shared';
import { registerTranslations, t } from '../lib/i18n';

/*
 * The remaining label maps of @sampada/shared as i18n strings (en-US is the shared wording),
 * as trade-labels.ts does for orders and charges.
 */
export const sharedLabelsEnUS = {
  recordType: RECORD_TYPE_LABELS,
  applicationKind: APPLICATION_KIND_LABELS,
  compensationCategory: COMPENSATION_CATEGORY_LABELS,
  gttStatus: GTT_STATUS_LABELS,
  vipDiscount: VIP_DISCOUNT_LABEL,
};
declare module '../lib/i18n' {
  interface TNamespaces {
    'shared-labels': typeof sharedLabelsEnUS;
  }
}
registerTranslations('shared-labels', {
  'en-US': sharedLabelsEnUS,
  'hi-IN': () => import('./shared-labels.hi-IN'),
});

const label = (group: string, key: string) =>
  t(`shared-labels:${group}.${key}`, { defaultValue: key });

export const recordTypeLabel = (type: string) => label('recordType', type);
export const applicationKindLabel = (kind: string) => label('applicationKind', kind);
export const compensationCategoryLabel = (category: string) =>
  label('compensationCategory', category);
export const gttStatusLabel = (status: string) => label('gttStatus', status);
export const vipDiscountLabel = () => t('shared-labels:vipDiscount');
