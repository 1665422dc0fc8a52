import {
  MIN_TRADE_PAISE,
  NO_CHARGES,
  TM,
  ZInstitutionalOrderRequest,
  ZIpoOrderRequest,
  ZOtcOrderRequest,
  computeCharges,
  formatPaise,
  parseRupeesToPaise,
  quantityForAmount,
  type TOffering,
  type TOfferingKind,
  type TOrderRequest,
  type TOrderSide,
} from '@sampada/shared';
import { Alert, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { AmountField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { ChargesTable } from '../../../components/trading/charges-table';
import { isApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { openSetPin } from '../../../lib/drawers';
import { requestResolver } from '../../../lib/forms';
import { formatDay } from '../../../lib/money';
import { assetsQueryOptions } from '../../../lib/funds';
import { holdingsQueryOptions, sellableQuantity } from '../../../lib/trading';
import { chargesQueryOptions } from '../api/get-charges';
import { dealQueryOptions, dealsQueryOptions } from '../api/get-deals';
import { usePlaceOrder } from '../api/place-order';
import { useTradingTranslation } from '../i18n';
import { OfferingFacts, OfferingStatus } from './offering-facts';
import {
  CashAvailable,
  TradeFailure,
  TradeGate,
  TradeResult,
  wholeNumber,
} from './trade-form-parts';

/** The headline price of an offering: the offer price, or an IPO's upper price (cut-off). */
const headlinePrice = (offering: TOffering) =>
  offering.kind === 'ipo' ? offering.price_high_paise : offering.price_paise;

function OfferingPicker({
  kind,
  offerings,
  value,
  onChange,
  error,
}: {
  kind: TOfferingKind;
  offerings: TOffering[];
  value: string | null;
  onChange: (id: string) => void;
  error?: string;
}) {
  const { t } = useTradingTranslation();
  return (
    <Radio.Group
      label={t('form.chooseOffering')}
      value={value}
      onChange={onChange}
      error={error || undefined}
      data-testid={`${kind}-offerings`}
    >
      <Stack gap={6} mt={4}>
        {offerings.map((offering) => (
          <Radio.Card
            key={offering.id}
            value={offering.id}
            radius="md"
            p="sm"
            data-testid={`deal-option-${offering.id}`}
          >
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {offering.symbol}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {offering.name}
                </Text>
              </Stack>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPaise(headlinePrice(offering))}
              </Text>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}

function OfferingHeader({ offering }: { offering: TOffering }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`deal-selected-${offering.id}`}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {offering.symbol}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {offering.name}
            {offering.sector ? ` · ${offering.sector}` : ''}
          </Text>
        </Stack>
        <OfferingStatus offering={offering} />
      </Group>
      <OfferingFacts offering={offering} />
    </Paper>
  );
}

/** What each kind of offering takes: the shared request, with the PIN as typed. */
const ORDER_FORMS = {
  institutional: ZInstitutionalOrderRequest.extend({ pin: ZPinTyped }),
  otc: ZOtcOrderRequest.extend({ pin: ZPinTyped }),
  ipo: ZIpoOrderRequest.extend({ pin: ZPinTyped }),
};

interface TDealForm {
  /** Shares (institutional, OTC) or lots (IPO), as typed. */
  quantity: string | number;
  lots: string | number;
  /** A buy's amount in rupees, turned into the shares it buys; never sent. */
  amount: string | number;
  pin: string;
}

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
  const { data: profile } = useProfile();
  const isIpo = offering.kind === 'ipo';
  const side: TOrderSide = offering.kind === 'otc' ? offering.side : 'buy';
  const schedule = useQuery({ ...chargesQueryOptions(), enabled: !isIpo });
  const cash = useQuery(assetsQueryOptions());
  const holdings = useQuery({ ...holdingsQueryOptions(), enabled: side === 'sell' });

  const field = isIpo ? 'lots' : 'quantity';
  const unitPaise = BigInt(
    offering.kind === 'ipo' ? offering.price_high_paise * offering.lot_size : offering.price_paise,
  );
  /** The value, charges and total of a count of shares or lots. */
  const costOf = (n: number | null) => {
    const value = n ? BigInt(n) * unitPaise : 0n;
    const charges = isIpo
      ? NO_CHARGES
      : schedule.data
        ? computeCharges(schedule.data, side, value)
        : null;
    const total =
      charges &&
      (side === 'buy' ? value + BigInt(charges.total_paise) : value - BigInt(charges.total_paise));
    return { value, charges, total };
  };
  const sellable = sellableQuantity(holdings.data?.find((h) => h.symbol === offering.symbol));
  const open = offering.status === 'open';

  /** The checks after the schema's: minimum, caps, what remains, cash and shares. */
  function limitProblem(quantity: number): string | null {
    const { value, total } = costOf(quantity);
    if (value < MIN_TRADE_PAISE) return TM.belowMinimum;
    if (offering.kind === 'ipo') {
      if (quantity < offering.min_lots) return TM.belowMinimum;
      if (quantity > offering.max_lots) return TM.aboveRetailCap;
    } else if (quantity > offering.remaining) return TM.beyondOffering;
    if (side === 'sell' && holdings.data && quantity > sellable) return TM.insufficientHolding;
    const available = cash.data?.cash_available_paise;
    if (side === 'buy' && total !== null && available !== undefined && total > BigInt(available))
      return TM.insufficientCash;
    return null;
  }

  const { control, handleSubmit, resetField, setValue, clearErrors, watch, formState } = useForm({
    resolver: requestResolver(ORDER_FORMS[offering.kind], {
      toRequest: ({ quantity, lots, pin }: TDealForm): TOrderRequest =>
        offering.kind === 'ipo'
          ? { type: 'ipo', offering_id: offering.id, lots: wholeNumber(lots) ?? lots, pin }
          : {
              type: offering.kind,
              offering_id: offering.id,
              quantity: wholeNumber(quantity) ?? quantity,
              pin,
            },
      checks: (values) => {
        const n = wholeNumber(values[field]);
        return { [field]: n && limitProblem(n) };
      },
    }),
    defaultValues: { quantity: '', lots: '', amount: '', pin: '' } as TDealForm,
  });
  const count = watch(field);
  const amount = watch('amount');
  const n = wholeNumber(count);
  const { value, charges, total } = costOf(n);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (placing.isPending || !open || (profile && !profile.has_pin)) {
      event.preventDefault();
      if (open && profile && !profile.has_pin) openSetPin();
      return;
    }
    void handleSubmit((body) => placing.mutate(body, { onError: () => resetField('pin') }))(event);
  };

  const amountPaise = parseRupeesToPaise(amount);
  const affordable =
    amountPaise.ok && offering.kind !== 'ipo'
      ? Math.min(Number(quantityForAmount(amountPaise.paise, unitPaise)), offering.remaining)
      : null;
  // One rule for the minimum (TM.belowMinimum, as the form's own check says it): an amount
  // that buys less than the minimum order gets that message, and no "Use" button to press.
  const belowMinimum =
    affordable !== null && affordable > 0 && BigInt(affordable) * unitPaise < MIN_TRADE_PAISE;
  const usable = affordable !== null && affordable > 0 && !belowMinimum;
  const offeringError = (formState.errors as { offering_id?: { message?: string } }).offering_id;

  return (
    <form onSubmit={submit} noValidate aria-label={t(`form.submit.${offering.kind}`)}>
      <Stack gap="sm">
        {offering.kind === 'ipo' && offering.status === 'upcoming' && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="deal-not-open">
            {t('form.notOpen', { date: formatDay(offering.open_date) })}
          </Alert>
        )}
        {!open && !(offering.kind === 'ipo' && offering.status === 'upcoming') && (
          <Alert color="gray" data-testid="deal-closed">
            {isIpo ? TM.ipoNotOpen : TM.offeringClosed}
          </Alert>
        )}
        <CashAvailable />
        {side === 'sell' && (
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              {t('form.sellable')}
            </Text>
            <Text fw={700} data-testid="trade-sellable">
              {holdings.data ? sellable.toLocaleString('en-IN') : '—'}
            </Text>
          </Group>
        )}
        {offering.kind === 'ipo' ? (
          <AmountField
            quantity
            control={control}
            name="lots"
            label={t('form.lots')}
            description={t('form.lotsHint', {
              min: offering.min_lots,
              max: offering.max_lots,
              size: offering.lot_size,
              price: formatPaise(offering.price_high_paise),
            })}
            disabled={!open}
            data-testid="order-lots"
          />
        ) : (
          <>
            <AmountField
              quantity
              control={control}
              name="quantity"
              label={t('form.quantity')}
              description={t('form.minimumHint', { amount: formatPaise(MIN_TRADE_PAISE) })}
              disabled={!open}
              data-testid="order-quantity"
            />
            {side === 'buy' && (
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <AmountField
                  control={control}
                  name="amount"
                  style={{ flex: 1 }}
                  label={t('form.amount')}
                  disabled={!open}
                  description={
                    affordable === null
                      ? undefined
                      : affordable === 0
                        ? t('form.amountTooSmall', { price: formatPaise(unitPaise) })
                        : belowMinimum
                          ? TM.belowMinimum
                          : t('form.amountBuys', {
                              count: affordable.toLocaleString('en-IN'),
                              value: formatPaise(BigInt(affordable) * unitPaise),
                            })
                  }
                  data-testid="order-amount"
                />
                {usable && (
                  <Button
                    variant="light"
                    onClick={() => {
                      setValue('quantity', String(affordable));
                      clearErrors('quantity');
                    }}
                    data-testid="order-amount-use"
                  >
                    {t('form.useQuantity', { count: affordable })}
                  </Button>
                )}
              </Group>
            )}
          </>
        )}
        {offering.kind === 'ipo' ? (
          <Stack gap={4} data-testid="trade-cost">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('form.shares')}
              </Text>
              <Text size="sm" fw={500} data-testid="trade-shares">
                {((n ?? 0) * offering.lot_size).toLocaleString('en-IN')}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" fw={700}>
                {t('form.blocked')}
              </Text>
              <Text size="sm" fw={700} data-testid="trade-total">
                {formatPaise(value)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" data-testid="trade-no-charges">
              {t('form.noCharges')}
            </Text>
          </Stack>
        ) : charges && total !== null ? (
          <ChargesTable
            charges={charges}
            testIdPrefix="trade"
            totalLabel={t('form.totalCharges')}
            before={[{ label: t('form.orderValue'), paise: Number(value), testId: 'trade-value' }]}
            after={[
              {
                label: t(side === 'buy' ? 'form.payable' : 'form.receive'),
                paise: Number(total),
                testId: 'trade-total',
                strong: true,
              },
            ]}
          />
        ) : schedule.isError ? (
          <Alert color="red" data-testid="trade-charges-failed">
            {t('form.chargesFailed')}
          </Alert>
        ) : (
          <Loader size="xs" />
        )}
        <PinField
          control={control}
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
