import { Code } from '@mantine/core';

/**
 * A before/after value of the audit log, compact and readable; it scrolls, so it takes the
 * keyboard's focus too (axe scrollable-region-focusable).
 */
export function JsonView({ value, maxWidth = 360 }: { value: unknown; maxWidth?: number }) {
  if (value === null || value === undefined) return <>—</>;
  return (
    <Code block tabIndex={0} style={{ maxWidth, maxHeight: 160, overflow: 'auto', fontSize: 11 }}>
      {JSON.stringify(value, null, 1)}
    </Code>
  );
}
