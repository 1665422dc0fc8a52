import { GTT_DONE, M, type TGtt, formatCount } from '@sampada/shared';
import { gttStatusLabel } from '../../../components/shared-labels';
import { orderStatusLabel, sideLabel } from '../../../components/trading/trade-labels';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { closeModal, openConfirm, openModal } from '../../../components/modals';
import { isApiError } from '../../../lib/api-client';
import { formatDay, istDay } from '../../../lib/money';
import { toastError, toastSuccess } from '../../../lib/notify';
import { invalidateTrading } from '../../../lib/trading';
import { deleteGtt, gttsQueryOptions, gttsStillMoving } from '../api/gtts';
import { usePortfolioTranslation } from '../i18n';
import { GttForm } from './gtt-form';
import { useMoney } from './money-parts';

const FORM_MODAL = 'gtt-form';

/** Opens the GTT form: a new GTT (optionally for a holding), or an edit of `gtt`. */
export function openGttForm(
  title: string,
  props: Parameters<typeof GttForm>[0] extends infer P ? Omit<P & object, 'onDone'> : never,
) {
  openModal({
    id: FORM_MODAL,
    title,
    hold: true,
    children: <GttForm {...props} onDone={() => closeModal(FORM_MODAL)} />,
  });
}

/** An active GTT's edit, and its delete after a confirmation. */
function GttActions({ gtt }: { gtt: TGtt }) {
  const { t } = usePortfolioTranslation();
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteGtt(gtt.id);
      toastSuccess(GTT_DONE.deleted);
      await invalidateTrading();
    } catch (error) {
      toastError(isApiError(error) ? error : M.requestFailed);
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Group gap="xs">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => openGttForm(t('gtt.editTitle'), { gtt })}
        data-testid={`gtt-edit-${gtt.id}`}
      >
        {t('gtt.edit')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        loading={deleting}
        onClick={() =>
          openConfirm({
            title: t('gtt.deleteTitle'),
            message: t('gtt.deleteText', { symbol: gtt.symbol }),
            confirmLabel: t('gtt.deleteConfirm'),
            cancelLabel: t('gtt.deleteKeep'),
            danger: true,
            onConfirm: () => void remove(),
          })
        }
        data-testid={`gtt-delete-${gtt.id}`}
      >
        {t('gtt.delete')}
      </Button>
    </Group>
  );
}

function GttRow({ gtt }: { gtt: TGtt }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const legs = [
    // A single GTT's one leg needs no name ("Trigger price: trigger ₹…" said it twice).
    { name: gtt.kind === 'oco' ? t('gtt.target') : null, leg: gtt.target, id: 'target' },
    ...(gtt.stop ? [{ name: t('gtt.stop'), leg: gtt.stop, id: 'stop' }] : []),
  ];
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`gtt-row-${gtt.id}`} data-symbol={gtt.symbol}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{gtt.symbol}</Text>
            <Badge variant="light" color={gtt.side === 'buy' ? 'green' : 'red'}>
              {sideLabel(gtt.side)} {formatCount(gtt.quantity)}
            </Badge>
            <Badge variant="outline">{gtt.kind === 'oco' ? 'OCO' : t('gtt.single')}</Badge>
            <Badge
              color={
                gtt.status === 'active' ? 'blue' : gtt.status === 'triggered' ? 'teal' : 'gray'
              }
              data-testid={`gtt-status-${gtt.id}`}
            >
              {gttStatusLabel(gtt.status)}
            </Badge>
          </Group>
          {legs.map(({ name, leg, id }) => (
            <Text size="sm" key={id} data-testid={`gtt-${id}-${gtt.id}`} data-status={leg.status}>
              {t(name ? 'gtt.leg' : 'gtt.singleLeg', {
                leg: name,
                trigger: money(leg.trigger_price_paise),
                limit: money(leg.limit_price_paise),
              })}{' '}
              · {t(`gtt.legStatus.${leg.status}`)}
            </Text>
          ))}
          {gtt.order_status ? (
            <Text size="xs" c="dimmed" data-testid={`gtt-order-${gtt.id}`}>
              {t('gtt.order', { status: orderStatusLabel(gtt.order_status) })}
            </Text>
          ) : null}
          {gtt.reason ? (
            <Text size="xs" c="red" data-testid={`gtt-reason-${gtt.id}`}>
              {gtt.reason}
            </Text>
          ) : null}
          {gtt.status === 'active' ? (
            <Text size="xs" c="dimmed">
              {t('gtt.expires', { date: formatDay(istDay(new Date(gtt.expires_at))) })}
            </Text>
          ) : null}
        </Stack>
        {gtt.status === 'active' ? <GttActions gtt={gtt} /> : null}
      </Group>
    </Paper>
  );
}

/** /portfolio/gtt: the client's GTTs, active first as the server lists them, with edit and delete. */
export function GttPage() {
  const { t } = usePortfolioTranslation();
  const query = useQuery({
    ...gttsQueryOptions(),
    refetchInterval: (q) => (gttsStillMoving(q.state.data) ? 10_000 : false),
  });
  const gtts = query.data ?? [];
  return (
    <Stack gap="sm" data-testid="portfolio-gtt">
      <Group justify="flex-end">
        <Button onClick={() => openGttForm(t('gtt.createTitle'), {})} data-testid="gtt-create">
          {t('gtt.create')}
        </Button>
      </Group>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={gtts.length === 0}
        emptyText={t('gtt.empty')}
        rows={3}
      >
        {gtts.map((gtt) => (
          <GttRow key={gtt.id} gtt={gtt} />
        ))}
      </QueryState>
    </Stack>
  );
}
