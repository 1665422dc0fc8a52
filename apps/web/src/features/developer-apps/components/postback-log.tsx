import type { TApiApp, TApiAppPostback } from '@sampada/shared';
import { Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CardTable } from '../../../components/card-table';
import { LoadMoreButton } from '../../../components/load-more-button';
import { formatDateTime } from '../../../lib/datetime';
import { postbacksQuery } from '../api/api-apps';
import { useDeveloperAppsTranslation } from '../i18n';

const DELIVERY_COLOR: Record<TApiAppPostback['status'], string> = {
  queued: 'gray',
  delivered: 'teal',
  sending: 'yellow',
  failed: 'red',
};

function PostbackRow({ postback }: { postback: TApiAppPostback }) {
  const { t } = useDeveloperAppsTranslation();
  return (
    <Table.Tr data-testid="postback-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(postback.created_at)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} span>
          {postback.tradingsymbol ?? '—'}
        </Text>{' '}
        <Text size="xs" c="dimmed" span ff="monospace">
          {postback.order_id.slice(0, 8)}
        </Text>
      </Table.Td>
      <Table.Td>
        {postback.order_status}
        {postback.filled_quantity
          ? ` · ${t('log.filled', { count: postback.filled_quantity })}`
          : ''}
      </Table.Td>
      <Table.Td>
        <Badge
          variant="light"
          color={DELIVERY_COLOR[postback.status]}
          styles={{ label: { overflow: 'visible' } }}
        >
          {t(`log.${postback.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{postback.attempts}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>{postback.last_error ?? '—'}</Table.Td>
    </Table.Tr>
  );
}

/** The app's postbacks, newest first: what was sent for which order, and how it went. */
export function PostbackLog({ app }: { app: TApiApp }) {
  const { t } = useDeveloperAppsTranslation();
  const log = useInfiniteQuery(postbacksQuery(app.id));
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];
  const titleId = `postbacks-${app.id}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="postback-log">
      <Title order={4} size="h6" id={titleId}>
        {t('log.title')}
      </Title>
      {!app.postback_url && (
        <Text size="sm" c="dimmed">
          {t('log.noUrl')}
        </Text>
      )}
      {log.isPending && <Loader size="sm" />}
      {log.isSuccess && rows.length === 0 && app.postback_url && (
        <Text size="sm" c="dimmed">
          {t('log.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <CardTable minWidth={720} verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('log.time')}</Table.Th>
              <Table.Th>{t('log.order')}</Table.Th>
              <Table.Th>{t('log.event')}</Table.Th>
              <Table.Th>{t('log.delivery')}</Table.Th>
              <Table.Th ta="right">{t('log.attempts')}</Table.Th>
              <Table.Th>{t('log.error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((postback) => (
              <PostbackRow key={postback.id} postback={postback} />
            ))}
          </Table.Tbody>
        </CardTable>
      )}
      <LoadMoreButton query={log} label={t('log.more')} testId="postbacks-more" />
    </Stack>
  );
}
