import { Alert, Badge, CloseButton, Group, Select, Tabs } from '@mantine/core';
import { ORDER_STATUS_LABELS, type TDeskOrder, type TOfferingKind } from '@sampada/shared';
import { useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { StatusFilter } from '../../../components/queue-parts';
import { useQueueDecision } from '../../../lib/queue-decision';
import {
  DESK_STATUS_FILTERS,
  type TDeskDecision,
  type TDeskStatusFilter,
  useDecideOrder,
  useDeskOrders,
} from '../api/desk-orders';
import { useIpos } from '../api/ipos';
import {
  AllocateModal,
  ConfirmTakeModal,
  RejectOrderModal,
} from '../components/desk-decision-modals';
import { DeskOrderRow } from './desk-order-row';
import { DeskOrderSummary } from './desk-order-summary';

const TYPES: { value: TOfferingKind; label: string }[] = [
  { value: 'institutional', label: 'Institutional requests' },
  { value: 'otc', label: 'OTC takes' },
  { value: 'ipo', label: 'IPO applications' },
];

/**
 * The trading desk: institutional requests to allocate, OTC takes to confirm, and IPO
 * applications (read-only until the issue's allotment). Awaiting orders come oldest first.
 */
export function DeskPage() {
  const { type, status, offeringId, update } = useDeskFilters();
  const orders = useDeskOrders({ type, status, offering_id: offeringId });
  const decide = useDecideOrder();
  const decision = useQueueDecision<DeskAction, TDeskOrder, TDeskDecision>(decide);
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <PageHeader
        title="Trading desk"
        description={status === 'awaiting' ? 'Awaiting the desk, oldest first' : 'Newest first'}
        actions={
          <StatusFilter
            filters={DESK_STATUS_FILTERS}
            value={status}
            labelOf={(s) => ORDER_STATUS_LABELS[s as Exclude<typeof s, 'all'>]}
            onChange={(value) => update({ status: value ?? undefined })}
            width={180}
            testId="desk-status"
          />
        }
      />
      <DeskTypeFilters type={type} offeringId={offeringId} update={update} />
      <QueryState isPending={orders.isPending} error={orders.error}>
        <ListTable
          minWidth={1000}
          columns={[
            'Placed',
            'Client',
            'Stock',
            { label: type === 'ipo' ? 'Lots' : 'Quantity', right: true },
            { label: 'Price', right: true },
            { label: 'Value / hold', right: true },
            'Status',
            ...(type === 'ipo' ? [] : ['']),
          ]}
          empty={
            rows.length === 0
              ? status === 'awaiting'
                ? 'Nothing awaiting the desk.'
                : 'No orders.'
              : null
          }
          highlightOnHover
          verticalSpacing="sm"
        >
          {rows.map((r) => (
            <DeskOrderRow key={r.id} order={r} ipo={type === 'ipo'} onStart={decision.start} />
          ))}
        </ListTable>
        <LoadMoreButton query={orders} />
        {type === 'ipo' ? (
          <Alert color="gray" mt="md">
            Applications are settled by the issue&apos;s allotment: open the issue under Offerings
            to close bidding, allot and list.
          </Alert>
        ) : null}
      </QueryState>
      <DeskDecisionModals decision={decision} loading={decide.isPending} />
    </>
  );
}

type DeskAction = 'allocate' | 'confirm' | 'reject';
type DeskFilterUpdate = (next: Record<string, string | undefined>) => void;

/** The desk's filters live in the address; the defaults (institutional, awaiting) stay out of it. */
function useDeskFilters() {
  const [params, setParams] = useSearchParams();
  const requestedType = params.get('type');
  const type: TOfferingKind = TYPES.some((t) => t.value === requestedType)
    ? (requestedType as TOfferingKind)
    : 'institutional';
  const status = (params.get('status') ?? 'awaiting') as TDeskStatusFilter;
  const offeringId = params.get('offering_id') ?? undefined;

  const update: DeskFilterUpdate = (next) => {
    const merged = { type, status, offering_id: offeringId, ...next };
    const entries = Object.entries(merged).filter(
      ([key, value]) =>
        value &&
        !(key === 'type' && value === 'institutional') &&
        !(key === 'status' && value === 'awaiting'),
    ) as [string, string][];
    setParams(Object.fromEntries(entries), { replace: true });
  };
  return { type, status, offeringId, update };
}

function DeskTypeFilters({
  type,
  offeringId,
  update,
}: {
  type: TOfferingKind;
  offeringId: string | undefined;
  update: DeskFilterUpdate;
}) {
  return (
    <>
      <Tabs
        value={type}
        onChange={(next) => update({ type: next ?? undefined, offering_id: undefined })}
      >
        <Tabs.List mb="md">
          {TYPES.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} data-testid={`desk-tab-${t.value}`}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {type === 'ipo' ? (
        <IpoIssueFilter value={offeringId} onChange={(id) => update({ offering_id: id })} />
      ) : offeringId ? (
        <Group mb="md" gap={4}>
          <Badge variant="light" size="lg" data-testid="desk-offering-filter">
            One offering only
          </Badge>
          <CloseButton
            aria-label="Show every offering"
            onClick={() => update({ offering_id: undefined })}
          />
        </Group>
      ) : null}
    </>
  );
}

function DeskDecisionModals({
  decision: { open, failure, close, run },
  loading,
}: {
  decision: ReturnType<typeof useQueueDecision<DeskAction, TDeskOrder, TDeskDecision>>;
  loading: boolean;
}) {
  const o = open?.item;
  const summary = o ? <DeskOrderSummary order={o} /> : null;
  return (
    <>
      <AllocateModal
        key={open?.kind === 'allocate' ? `allocate-${open.item.id}` : 'allocate'}
        opened={open?.kind === 'allocate'}
        requested={open?.item.quantity ?? 0}
        summary={summary}
        failure={failure}
        loading={loading}
        onClose={close}
        onAllocate={(quantity) => o && run(o, { action: 'allocate', quantity })}
      />
      <ConfirmTakeModal
        opened={open?.kind === 'confirm'}
        summary={summary}
        failure={failure}
        loading={loading}
        onClose={close}
        onConfirm={() => o && run(o, { action: 'confirm' })}
      />
      <RejectOrderModal
        key={open?.kind === 'reject' ? `reject-${open.item.id}` : 'reject'}
        opened={open?.kind === 'reject'}
        summary={summary}
        failure={failure}
        loading={loading}
        onClose={close}
        onReject={(reason) => o && run(o, { action: 'reject', reason })}
      />
    </>
  );
}

/** IPO applications by issue: every issue, or one. */
function IpoIssueFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const ipos = useIpos();
  return (
    <Select
      mb="md"
      w={360}
      label="Issue"
      placeholder="Every issue"
      clearable
      data={(ipos.data ?? []).map((ipo) => ({
        value: ipo.id,
        label: `${ipo.symbol} · ${ipo.name}`,
      }))}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      data-testid="desk-ipo-issue"
    />
  );
}
