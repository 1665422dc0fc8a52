import { SegmentedControl } from '@mantine/core';
import type { TOfferingFilter } from '../api/allocations';

/** Open, closed or every offering of one kind. */
export function OfferingFilter({
  value,
  onChange,
}: {
  value: TOfferingFilter;
  onChange: (value: TOfferingFilter) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Status"
      value={value}
      onChange={(next) => onChange(next as TOfferingFilter)}
      data={[
        { value: 'open', label: 'Open' },
        { value: 'closed', label: 'Closed' },
        { value: 'all', label: 'All' },
      ]}
    />
  );
}
