import { Loader, ScrollArea, SegmentedControl, Text } from '@mantine/core';
import { DPD_BUCKETS, type TDpdBucket } from '@sampada/shared';
import { useSearchParams } from 'react-router';
import { useLoanBuckets } from '../api/loans';
import { DPD_BUCKET_LABELS } from './dpd-bucket';

const ANY = 'any';
const isBucket = (value: string | null): value is TDpdBucket =>
  (DPD_BUCKETS as readonly string[]).includes(value ?? '');

/**
 * The queue's days-past-due bucket from the address (`?bucket=`), like its status. A bucket
 * lists disbursed loans only, so choosing one sets `status=disbursed` beside it; choosing a
 * status (the status filter) drops the bucket.
 */
export function useBucketParam() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('bucket');
  const bucket = isBucket(raw) ? raw : undefined;
  const setBucket = (value: string) =>
    setParams(isBucket(value) ? { status: 'disbursed', bucket: value } : { status: 'disbursed' });
  return [bucket, setBucket] as const;
}

/** Any bucket, or one of current, SMA-0, SMA-1, SMA-2, NPA, each with its count of loans. */
export function LoanBucketFilter({
  bucket,
  onChange,
}: {
  bucket: TDpdBucket | undefined;
  onChange: (value: string) => void;
}) {
  const counts = useLoanBuckets();
  const countOf = (b: TDpdBucket) =>
    counts.data ? (
      <Text span size="xs" fw={700} ml={6} data-testid={`bucket-count-${b}`}>
        {counts.data[b]}
      </Text>
    ) : counts.isPending ? (
      <Loader size={10} ml={6} />
    ) : null;
  // Six segments are wider than a phone: they scroll sideways there, never widen the page.
  return (
    <ScrollArea
      type="auto"
      scrollbarSize={4}
      offsetScrollbars="x"
      maw="calc(100vw - 2 * var(--mantine-spacing-lg))"
      data-testid="loan-bucket-scroll"
    >
      <SegmentedControl
        aria-label="Days past due"
        data-testid="loan-bucket-filter"
        size="xs"
        value={bucket ?? ANY}
        onChange={onChange}
        data={[
          { value: ANY, label: 'Any DPD' },
          ...DPD_BUCKETS.map((b) => ({
            value: b,
            label: (
              <span title={DPD_BUCKET_LABELS[b].range} data-testid={`bucket-${b}`}>
                {DPD_BUCKET_LABELS[b].label}
                {countOf(b)}
              </span>
            ),
          })),
        ]}
      />
    </ScrollArea>
  );
}
