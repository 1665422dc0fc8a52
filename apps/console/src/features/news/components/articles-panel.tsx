import { Anchor, Badge, Group, SegmentedControl, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TNewsStatus } from '@sampada/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useArticles } from '../api/articles';
import { NewsStatusBadge } from './news-status-badge';
import { ListTable } from '../../../components/list-table';
import { LoadMoreButton } from '../../../components/load-more-button';

type TStatusFilter = 'all' | TNewsStatus;

/** Every article, newest written first, filtered by status and by title or source. */
export function ArticlesPanel() {
  const [status, setStatus] = useState<TStatusFilter>('all');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const articles = useArticles({
    status: status === 'all' ? undefined : status,
    q: q || undefined,
  });
  const rows = articles.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <Group mb="md" justify="space-between">
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => setStatus(value as TStatusFilter)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'draft', label: 'Drafts' },
            { value: 'published', label: 'Published' },
          ]}
        />
        <TextInput
          aria-label="Search title or source"
          placeholder="Search title or source"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Group>
      <QueryState isPending={articles.isPending} error={articles.error}>
        <ListTable
          minWidth={760}
          columns={['Title', 'Status', 'Source', 'Symbols', 'Published', 'Last change']}
          empty={rows.length === 0 ? 'No articles here yet.' : null}
        >
          {rows.map((a) => (
            <Table.Tr key={a.id} data-testid="news-row">
              <Table.Td maw={380}>
                <Anchor component={Link} to={paths.newsArticle(a.id)} fw={500}>
                  {a.title}
                </Anchor>
              </Table.Td>
              <Table.Td miw={120}>
                <NewsStatusBadge article={a} />
              </Table.Td>
              <Table.Td>{a.source}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {a.symbols.map((s) => (
                    <Badge key={s} size="sm" variant="default">
                      {s}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(a.published_at)}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(a.updated_at)}</Text>
                {a.created_by ? (
                  <Text size="xs" c="dimmed">
                    {a.created_by}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <LoadMoreButton query={articles} />
      </QueryState>
    </>
  );
}
