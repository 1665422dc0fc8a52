import { Button } from '@mantine/core';

/** Under a paged list: fetches the next page while there is one. */
export function LoadMoreButton({
  query,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
}) {
  return query.hasNextPage ? (
    <Button
      mt="md"
      variant="light"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      Load more
    </Button>
  ) : null;
}
