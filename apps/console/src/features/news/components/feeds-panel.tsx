import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type TNewsFeedInput,
  type TNewsFeedView,
  type TNewsImportResult,
  ZNewsFeedInput,
} from '@sampada/shared';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFeedMutations, useFeeds } from '../api/feeds';
import { ListTable } from '../../../components/list-table';
import { bindField } from '../../../lib/forms';

/** RSS/Atom feeds: add, enable or remove them, and import now to see what each brought. */
export function FeedsPanel() {
  const feeds = useFeeds();
  const { importNow } = useFeedMutations();
  const [result, setResult] = useState<TNewsImportResult | null>(null);

  const runImport = () =>
    importNow.mutate(undefined, {
      onSuccess: ({ data }) => setResult(data),
      onError: notifyError,
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" maw={620}>
          Items from enabled feeds are published as they arrive, with the feed&apos;s name as source
          and a link to the original. The server also imports every 30 minutes.
        </Text>
        <Button
          leftSection={<IconDownload size={16} />}
          loading={importNow.isPending}
          onClick={runImport}
          disabled={!feeds.data?.some((f) => f.enabled)}
        >
          Import now
        </Button>
      </Group>
      {result ? <ImportResult result={result} onClose={() => setResult(null)} /> : null}
      <QueryState isPending={feeds.isPending} error={feeds.error}>
        <ListTable
          minWidth={760}
          columns={['Feed', 'Enabled', 'Last fetched', 'Last error', '']}
          empty={feeds.data?.length === 0 ? 'No feeds yet.' : null}
        >
          {(feeds.data ?? []).map((feed) => (
            <FeedRow key={feed.id} feed={feed} />
          ))}
        </ListTable>
      </QueryState>
      <AddFeedForm />
    </Stack>
  );
}

function ImportResult({ result, onClose }: { result: TNewsImportResult; onClose: () => void }) {
  const failed = result.feeds.filter((f) => f.error);
  return (
    <Alert
      color={failed.length ? 'orange' : 'teal'}
      withCloseButton
      onClose={onClose}
      title={`Imported ${result.imported}, skipped ${result.skipped}`}
      data-testid="import-result"
    >
      <List size="sm" spacing={4}>
        {result.feeds.map((f) => (
          <List.Item key={f.feed_id}>
            <Text span fw={500} size="sm">
              {f.name}
            </Text>
            {f.error ? (
              <Text span c="red" size="sm">
                {' '}
                — {f.error}
              </Text>
            ) : (
              <Text span size="sm">
                {' '}
                — {f.imported} new, {f.skipped} already imported
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function FeedRow({ feed }: { feed: TNewsFeedView }) {
  const { update, remove } = useFeedMutations();
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: `Remove ${feed.name}?`,
      children: (
        <Text size="sm">
          Nothing more is imported from it. Articles it already brought stay; unpublish or delete
          them under Articles.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(feed.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });
  return (
    <Table.Tr data-testid="feed-row">
      <Table.Td maw={360}>
        <Text fw={500} size="sm">
          {feed.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {feed.url}
        </Text>
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Import from ${feed.name}`}
          checked={feed.enabled}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { id: feed.id, input: { enabled: event.currentTarget.checked } },
              { onError: notifyError },
            )
          }
        />
      </Table.Td>
      <Table.Td>{formatDateTime(feed.last_fetched_at)}</Table.Td>
      <Table.Td maw={260}>
        {feed.last_error ? (
          <Text size="sm" c="red">
            {feed.last_error}
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <Button size="xs" color="red" variant="subtle" onClick={confirmRemove}>
          Remove
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function AddFeedForm() {
  const { add } = useFeedMutations();
  const form = useForm<TNewsFeedInput>({
    resolver: zodResolver(ZNewsFeedInput),
    defaultValues: { name: '', url: '', enabled: true },
  });
  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        form.reset();
      },
      onError: notifyError,
    }),
  );
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Add a feed
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end">
          <TextInput
            label="Name"
            description="Shown to clients as the source"
            w={220}
            {...bindField(form, 'name')}
          />
          <TextInput
            label="Feed address"
            description="An RSS 2.0 or Atom feed"
            placeholder="https://example.com/rss.xml"
            style={{ flex: 1, minWidth: 260 }}
            {...bindField(form, 'url')}
          />
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={16} />}>
            Add feed
          </Button>
        </Group>
      </form>
    </Card>
  );
}
