import { TM, type TOffering, type TOfferingKind } from '@sampada/shared';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingButton } from '../../../components/loading-button';
import { PinField } from '../../../components/pin-field';
import { isApiError } from '../../../lib/api-client';
import { dealQueryOptions, dealsQueryOptions } from '../api/get-deals';
import { usePlaceOrder } from '../api/place-order';
import { useTradingTranslation } from '../i18n';
import { DealCost, DealCountFields, DealOpenNotice, DealSellable } from './deal-order-fields';
import { OfferingHeader, OfferingPicker } from './offering-picker';
import { CashAvailable, TradeFailure, TradeGate, TradeResult } from './trade-form-parts';
import { useDealOrder } from './use-deal-order';

/**
 * The order form for one offering: shares (institutional, OTC) or lots (IPO), the live cost
 * with itemised charges (none on an IPO bid), cash available, PIN, and the checks the server
 * also makes, so that most refusals are said before anything is sent.
 */
function OfferingOrderForm({
  offering,
  placing,
}: {
  offering: TOffering;
  placing: ReturnType<typeof usePlaceOrder>;
}) {
  const { t } = useTradingTranslation();
  const order = useDealOrder(offering, placing);
  const { profile, side, open, form, charges, offeringError } = order;

  return (
    <form onSubmit={order.submit} noValidate aria-label={t(`form.submit.${offering.kind}`)}>
      <Stack gap="sm">
        <DealOpenNotice offering={offering} open={open} />
        <CashAvailable />
        {side === 'sell' && (
          <DealSellable sellable={order.holdings.data ? order.sellable : undefined} />
        )}
        <DealCountFields offering={offering} order={order} />
        <DealCost offering={offering} order={order} />
        <PinField
          control={form.control}
          name="pin"
          label={t('pin.label')}
          disabled={!profile?.has_pin || !open}
          testId="trade-pin"
        />
        {offeringError?.message && (
          <Text size="xs" c="red">
            {offeringError.message}
          </Text>
        )}
        <TradeFailure error={placing.error} />
        <LoadingButton
          type="submit"
          loading={placing.isPending}
          disabled={!open || charges === null}
          fullWidth
          color={side === 'sell' ? 'red.8' : undefined}
          data-testid="trade-drawer-submit"
        >
          {t(
            offering.kind === 'otc' && side === 'sell'
              ? 'form.submit.otcSell'
              : `form.submit.${offering.kind}`,
          )}
        </LoadingButton>
      </Stack>
    </form>
  );
}

/**
 * The Institutional Stock, OTC Trading and IPO drawers (spec §2): choose an offering (or
 * open on one), enter shares or lots, see the live cost, confirm with the PIN, then the
 * result.
 */
export function DealPanel({ kind, offeringId }: { kind: TOfferingKind; offeringId?: string }) {
  const { t } = useTradingTranslation();
  const deals = useQuery(dealsQueryOptions(kind));
  const [chosenId, setChosenId] = useState<string | null>(offeringId ?? null);
  const placing = usePlaceOrder();
  const list: TOffering[] = deals.data ?? [];
  const listed = list.find((offering) => offering.id === chosenId);
  // Opened on an offering the list does not hold (it changed since the link was drawn): ask for it.
  const single = useQuery({
    ...dealQueryOptions(chosenId ?? ''),
    enabled: Boolean(chosenId) && deals.isSuccess && !listed,
  });
  const offering =
    listed ??
    (single.data?.kind === kind ? single.data : undefined) ??
    (!chosenId && list.length === 1 ? list[0] : undefined);

  if (placing.data) return <TradeResult order={placing.data} onAnother={placing.reset} />;

  return (
    <Stack gap="md" data-testid={`${kind}-panel`}>
      <TradeGate />
      {deals.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : deals.isError ? (
        <Alert color="red" data-testid="deal-load-failed">
          <Group gap="xs">
            <Text size="sm">{t('form.loadFailed')}</Text>
            <Button size="compact-sm" variant="subtle" onClick={() => void deals.refetch()}>
              {t('deals.retry')}
            </Button>
          </Group>
        </Alert>
      ) : list.length === 0 && !offering ? (
        <Text c="dimmed" size="sm" data-testid="deal-empty">
          {t(`form.noOfferings.${kind}`)}
        </Text>
      ) : (
        (list.length > 1 || !offering) && (
          <OfferingPicker
            kind={kind}
            offerings={list}
            value={offering?.id ?? null}
            onChange={(id) => {
              setChosenId(id);
              placing.reset();
            }}
          />
        )
      )}
      {single.isError && !offering && (
        <Alert color="red" data-testid="deal-not-found">
          {isApiError(single.error) ? single.error.message : TM.offeringNotFound}
        </Alert>
      )}
      {offering && (
        <>
          <OfferingHeader offering={offering} />
          <OfferingOrderForm key={offering.id} offering={offering} placing={placing} />
        </>
      )}
    </Stack>
  );
}
