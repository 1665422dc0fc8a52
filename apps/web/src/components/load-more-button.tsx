import { Button, Group, type MantineSpacing } from '@mantine/core';

/** Under a paged list: fetches the next page while there is one. */
export function LoadMoreButton({
  query,
  label,
  testId,
  mt,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  label: string;
  testId: string;
  mt?: MantineSpacing;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" mt={mt}>
      <Button
        variant="light"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
        data-testid={testId}
      >
        {label}
      </Button>
    </Group>
  );
}
