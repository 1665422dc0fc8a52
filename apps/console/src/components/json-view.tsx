import { Code } from '@mantine/core';

/** A before/after value of the audit log, compact and readable. */
export function JsonView({ value, maxWidth = 360 }: { value: unknown; maxWidth?: number }) {
  if (value === null || value === undefined) return <>—</>;
  return (
    <Code block style={{ maxWidth, maxHeight: 160, overflow: 'auto', fontSize: 11 }}>
      {JSON.stringify(value, null, 1)}
    </Code>
  );
}
