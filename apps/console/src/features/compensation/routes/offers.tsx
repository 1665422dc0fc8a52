import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { formatPaise, readRupees, type TConsoleOffer, type TOfferInput } from '@sampada/shared';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useOfferClaims, useOffers, useSaveOffer } from '../api';

type TDraft = {
  title: string;
  body: string;
  kind: 'info' | 'bonus';
  bonus_kind: 'fixed' | 'cashback';
  amount: string;
  cashback_percent: string;
  cap: string;
  budget: string;
  min_vip: number;
  valid_from: string;
  valid_until: string;
  status: 'draft' | 'published' | 'withdrawn';
};

const rupees = (paise: number | null) => (paise === null ? '' : String(paise / 100));
const local = (iso: string) => iso.slice(0, 16);

function draftOf(offer: TConsoleOffer | null): TDraft {
  const now = Date.now();
  return {
    title: offer?.title ?? '',
    body: offer?.body ?? '',
    kind: offer?.kind ?? 'bonus',
    bonus_kind: offer?.bonus_kind ?? 'fixed',
    amount: rupees(offer?.amount_paise ?? null),
    cashback_percent: offer?.cashback_bps ? String(offer.cashback_bps / 100) : '',
    cap: rupees(offer?.cashback_cap_paise ?? null),
    budget: rupees(offer?.budget_paise ?? null),
    min_vip: offer?.min_vip ?? 0,
    valid_from: local(offer?.valid_from ?? new Date(now).toISOString()),
    valid_until: local(offer?.valid_until ?? new Date(now + 30 * 86_400_000).toISOString()),
    status: offer?.status ?? 'draft',
  };
}

const paiseOf = (text: string) => {
  const read = readRupees(text);
  return read.ok ? Number(read.paise) : null;
};

function toInput(d: TDraft): TOfferInput {
  const bonus = d.kind === 'bonus';
  return {
    title: d.title,
    body: d.body,
    kind: d.kind,
    bonus_kind: bonus ? d.bonus_kind : null,
    amount_paise: bonus && d.bonus_kind === 'fixed' ? paiseOf(d.amount) : null,
    cashback_bps:
      bonus && d.bonus_kind === 'cashback' ? Math.round(Number(d.cashback_percent) * 100) : null,
    cashback_cap_paise: bonus && d.bonus_kind === 'cashback' ? paiseOf(d.cap) : null,
    budget_paise: bonus ? paiseOf(d.budget) : null,
    min_vip: d.min_vip,
    valid_from: new Date(d.valid_from).toISOString(),
    valid_until: new Date(d.valid_until).toISOString(),
    status: d.status,
  };
}

function OfferEditor({
  offer,
  onClose,
}: {
  offer: TConsoleOffer | null | undefined;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<TDraft>(() => draftOf(offer ?? null));
  const save = useSaveOffer();
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  return (
    <Modal
      opened={offer !== undefined}
      onClose={onClose}
      title={offer ? 'Edit offer' : 'New offer'}
      size="lg"
    >
      <Stack gap="sm">
        <TextInput
          label="Title"
          value={draft.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          data-testid="offer-title"
        />
        <Textarea
          label="Text"
          autosize
          minRows={3}
          value={draft.body}
          onChange={(e) => set('body', e.currentTarget.value)}
          data-testid="offer-body"
        />
        <Group grow>
          <Select
            label="Kind"
            data={[
              { value: 'info', label: 'Information' },
              { value: 'bonus', label: 'Bonus' },
            ]}
            value={draft.kind}
            allowDeselect={false}
            onChange={(v) => set('kind', (v as TDraft['kind']) ?? 'info')}
          />
          <Select
            label="Status"
            data={['draft', 'published', 'withdrawn']}
            value={draft.status}
            allowDeselect={false}
            onChange={(v) => set('status', (v as TDraft['status']) ?? 'draft')}
            data-testid="offer-status"
          />
          <NumberInput
            label="From VIP level"
            min={0}
            max={10}
            value={draft.min_vip}
            onChange={(v) => set('min_vip', Number(v) || 0)}
          />
        </Group>
        {draft.kind === 'bonus' && (
          <>
            <Group grow>
              <Select
                label="Bonus"
                data={[
                  { value: 'fixed', label: 'Fixed amount' },
                  { value: 'cashback', label: 'Brokerage cashback' },
                ]}
                value={draft.bonus_kind}
                allowDeselect={false}
                onChange={(v) => set('bonus_kind', (v as TDraft['bonus_kind']) ?? 'fixed')}
              />
              <TextInput
                label="Total budget (₹)"
                value={draft.budget}
                onChange={(e) => set('budget', e.currentTarget.value)}
                data-testid="offer-budget"
              />
            </Group>
            {draft.bonus_kind === 'fixed' ? (
              <TextInput
                label="Amount per client (₹)"
                value={draft.amount}
                onChange={(e) => set('amount', e.currentTarget.value)}
                data-testid="offer-amount"
              />
            ) : (
              <Group grow>
                <TextInput
                  label="Cashback (% of brokerage)"
                  value={draft.cashback_percent}
                  onChange={(e) => set('cashback_percent', e.currentTarget.value)}
                />
                <TextInput
                  label="Cap per client (₹)"
                  value={draft.cap}
                  onChange={(e) => set('cap', e.currentTarget.value)}
                />
              </Group>
            )}
          </>
        )}
        <Group grow>
          <TextInput
            type="datetime-local"
            label="Valid from"
            value={draft.valid_from}
            onChange={(e) => set('valid_from', e.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label="Valid until"
            value={draft.valid_until}
            onChange={(e) => set('valid_until', e.currentTarget.value)}
          />
        </Group>
        {error && <Alert color="red">{error}</Alert>}
        <Button
          loading={save.isPending}
          data-testid="offer-save"
          onClick={() =>
            save.mutate(
              { id: offer?.id ?? null, input: toInput(draft) },
              { onSuccess: onClose, onError: (e) => setError(e.message) },
            )
          }
        >
          Save
        </Button>
      </Stack>
    </Modal>
  );
}

function OfferClaims({ offerId }: { offerId: string }) {
  const claims = useOfferClaims(offerId);
  return (
    <QueryState isPending={claims.isPending} error={claims.error}>
      <Table>
        <Table.Tbody>
          {(claims.data ?? []).map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.client.name ?? c.client.uid}</Table.Td>
              <Table.Td>UID {c.client.uid}</Table.Td>
              <Table.Td>{formatPaise(c.amount_paise)}</Table.Td>
              <Table.Td>{formatDateTime(c.claimed_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {claims.data?.length === 0 && (
        <Text c="dimmed" size="sm" p="sm">
          No claims yet.
        </Text>
      )}
    </QueryState>
  );
}

/** The offers editor: each offer's audience, validity, budget used and claims. */
export function OffersPage() {
  const offers = useOffers();
  const [editing, setEditing] = useState<TConsoleOffer | null | undefined>(undefined);
  const [shown, setShown] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title="Offers"
        description="Promotions for clients; bonuses need allow_bonus and come out of a budget"
        actions={
          <Button onClick={() => setEditing(null)} data-testid="offer-new">
            New offer
          </Button>
        }
      />
      <QueryState isPending={offers.isPending} error={offers.error}>
        <Stack gap="sm">
          {(offers.data ?? []).map((o) => (
            <Card key={o.id} withBorder data-testid="offer-row">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={600}>{o.title}</Text>
                  <Text size="xs" c="dimmed">
                    {o.status} ·{' '}
                    {o.kind === 'bonus'
                      ? o.bonus_kind === 'fixed'
                        ? `${formatPaise(o.amount_paise ?? 0)} each`
                        : `${(o.cashback_bps ?? 0) / 100}% of brokerage up to ${formatPaise(o.cashback_cap_paise ?? 0)}`
                      : 'information'}
                    {o.min_vip ? ` · VIP ${o.min_vip}+` : ' · all clients'} ·{' '}
                    {formatDateTime(o.valid_from)} – {formatDateTime(o.valid_until)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setShown(shown === o.id ? null : o.id)}
                  >
                    {o.claims} claims
                  </Button>
                  <Button size="compact-sm" onClick={() => setEditing(o)}>
                    Edit
                  </Button>
                </Group>
              </Group>
              {o.budget_paise !== null && (
                <Stack gap={2} mt="xs">
                  <Progress value={(o.budget_used_paise / Math.max(o.budget_paise, 1)) * 100} />
                  <Text size="xs" data-testid="offer-budget-used">
                    {formatPaise(o.budget_used_paise)} of {formatPaise(o.budget_paise)} used
                  </Text>
                </Stack>
              )}
              {shown === o.id && <OfferClaims offerId={o.id} />}
            </Card>
          ))}
          {offers.data?.length === 0 && <Text c="dimmed">No offers yet.</Text>}
        </Stack>
      </QueryState>
      {editing !== undefined && (
        <OfferEditor
          key={editing?.id ?? 'new'}
          offer={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
