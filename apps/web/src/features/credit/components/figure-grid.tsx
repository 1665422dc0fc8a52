import { Group, SimpleGrid, Text } from '@mantine/core';

/** Label and figure pairs, two to a row: a quote's and a key fact statement's numbers. */
export function FigureGrid({ rows }: { rows: [label: string, figure: string][] }) {
  return (
    <SimpleGrid cols={2} spacing={4}>
      {rows.map(([label, figure]) => (
        <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={500}>
            {figure}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}
