import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact of a detail card: its name on the left, its value on the right. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}
