import { Button, Card, Group, Image, Progress, Stack, Table, Text } from '@mantine/core';
import { formatPaise, type TConsoleOffer } from '@sampada/shared';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useOfferClaims, useOffers } from '../api';
import { OFFER_STATUS_LABELS, OfferEditor } from '../components/offer-editor';

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
        description="Promotions for clients; bonuses need the client’s Bonuses and offers flag and come out of a budget"
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
                {o.image_url ? (
                  <Image src={o.image_url} alt="" w={64} h={40} fit="cover" radius="sm" />
                ) : null}
                <Stack gap={2} style={{ flex: 1 }}>
                  <Text fw={600}>{o.title}</Text>
                  <Text size="xs" c="dimmed">
                    {OFFER_STATUS_LABELS[o.status]} ·{' '}
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
