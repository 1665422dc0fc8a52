import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The headline figure of the client's assets (Home's card, the assets page). */
export function TotalAmount({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text
        fz={28}
        fw={700}
        data-testid="assets-total"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {children}
      </Text>
    </>
  );
}
