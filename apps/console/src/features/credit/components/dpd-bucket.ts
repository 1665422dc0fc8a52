import type { TDpdBucket } from '@sampada/shared';

/** Days-past-due buckets as RBI names them (SMA: special mention account), with their range. */
export const DPD_BUCKET_LABELS: Record<TDpdBucket, { label: string; range: string }> = {
  current: { label: 'Current', range: 'nothing past due' },
  sma_0: { label: 'SMA-0', range: '1–30 days past due' },
  sma_1: { label: 'SMA-1', range: '31–60 days past due' },
  sma_2: { label: 'SMA-2', range: '61–90 days past due' },
  npa: { label: 'NPA', range: 'over 90 days past due' },
};

/** A colour per bucket, worse the redder. */
export const DPD_BUCKET_COLORS: Record<TDpdBucket, string> = {
  current: 'teal',
  sma_0: 'yellow',
  sma_1: 'orange',
  sma_2: 'red',
  npa: 'grape',
};
