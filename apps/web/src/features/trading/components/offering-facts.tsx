import { formatPaise, formatTwoDecimals, type TOffering, formatCount } from '@sampada/shared';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay, formatIstDateTime } from '../../../lib/money';
import { useTradingTranslation } from '../i18n';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** An offering's status: an allocation or quote is open or closed; an IPO has its own steps. */
export function OfferingStatus({ offering }: { offering: TOffering }) {
  const { t } = useTradingTranslation();
  const color =
    offering.status === 'open' ? 'teal' : offering.status === 'upcoming' ? 'blue' : 'gray';
  return (
    <Badge size="sm" variant="light" color={color} data-testid="offering-status">
      {t(`facts.status.${offering.status}`)}
    </Badge>
  );
}

type TFact = { label: string; value: ReactNode; testId?: string };
type TT = ReturnType<typeof useTradingTranslation>['t'];

/** An IPO's band, lot, minimum bid, dates, listing and subscription. */
function ipoFacts(offering: Extract<TOffering, { kind: 'ipo' }>, t: TT): TFact[] {
  const facts: TFact[] = [];
  facts.push(
    {
      label: t('facts.band'),
      value: `${formatPaise(offering.price_low_paise)} – ${formatPaise(offering.price_high_paise)}`,
      testId: 'fact-band',
    },
    {
      label: t('facts.lot'),
      value: t('facts.lotShares', { count: offering.lot_size }),
      testId: 'fact-lot',
    },
    { label: t('facts.minBid'), value: formatPaise(offering.min_bid_paise) },
    {
      label: t('facts.dates'),
      value: `${formatDay(offering.open_date)} – ${formatDay(offering.close_date)}`,
      testId: 'fact-dates',
    },
    { label: t('facts.listing'), value: formatDay(offering.listing_date) },
    {
      label: t('facts.subscription'),
      value: t('facts.subscribed', {
        times: formatTwoDecimals(offering.subscription),
        applications: formatCount(offering.applications),
      }),
      testId: 'fact-subscription',
    },
  );
  return facts;
}

/** A deal's price (and an OTC quote's side and reference), what remains, and its window. */
function dealFacts(offering: Exclude<TOffering, { kind: 'ipo' }>, t: TT): TFact[] {
  const facts: TFact[] = [];
  facts.push({
    label: t('facts.price'),
    value: formatPaise(offering.price_paise),
    testId: 'fact-price',
  });
  if (offering.kind === 'otc') {
    facts.push(
      {
        label: t('facts.deskSide'),
        value: t(offering.side === 'buy' ? 'facts.clientBuys' : 'facts.clientSells'),
      },
      { label: t('facts.referencePrice'), value: formatPaise(offering.reference_price_paise) },
    );
  }
  if (offering.market_price_paise !== null) {
    facts.push({
      label: t('facts.marketPrice'),
      value: formatPaise(offering.market_price_paise),
    });
  }
  facts.push({
    label: t('facts.remaining'),
    value: t('facts.remainingOf', {
      remaining: formatCount(offering.remaining),
      quantity: formatCount(offering.quantity),
    }),
    testId: 'fact-remaining',
  });
  facts.push(
    offering.kind === 'institutional'
      ? {
          label: t('facts.window'),
          value: `${formatIstDateTime(offering.opens_at)} – ${formatIstDateTime(offering.closes_at)}`,
          testId: 'fact-window',
        }
      : {
          label: t('facts.validUntil'),
          value: formatIstDateTime(offering.valid_until),
          testId: 'fact-valid-until',
        },
  );
  return facts;
}

/**
 * The key facts of an offering (price, what remains, window or validity; for an IPO the band,
 * lot, dates and subscription), in All Deals and in the drawers.
 */
export function OfferingFacts({ offering }: { offering: TOffering }) {
  const { t } = useTradingTranslation();
  const facts = offering.kind === 'ipo' ? ipoFacts(offering, t) : dealFacts(offering, t);
  const note = offering.kind === 'ipo' ? offering.description : offering.note;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {facts.map((fact) => (
          <Fact key={fact.label} {...fact} />
        ))}
      </SimpleGrid>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}
