import { formatPaise, type TCharges } from '@sampada/shared';
import { vipDiscountLabel } from '../shared-labels';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CHARGE_KEYS, chargeLabel } from './trade-labels';

export interface TChargeRow {
  label: ReactNode;
  paise: number;
  testId: string;
  strong?: boolean;
}

/** A charge's test id: `<prefix>-charge-brokerage`, `<prefix>-charge-gst`, … */
const chargeId = (prefix: string, key: string) => `${prefix}-charge-${key.replace(/_paise$/, '')}`;

/**
 * The itemised charges of a trade (brokerage, STT, exchange charge, SEBI fee, stamp duty,
 * GST), their total, and rows the caller puts around them (order value, amount payable):
 * the live cost in the drawers and the charges of a fill or a contract note.
 */
export function ChargesTable({
  charges,
  before = [],
  after = [],
  totalLabel,
  testIdPrefix,
  format = formatPaise,
}: {
  charges: TCharges;
  before?: TChargeRow[];
  after?: TChargeRow[];
  totalLabel: ReactNode;
  testIdPrefix: string;
  /** How an amount is written (masked while amounts are hidden). */
  format?: (paise: number) => string;
}) {
  const rows: TChargeRow[] = [
    ...before,
    ...CHARGE_KEYS.map((key) => ({
      label: chargeLabel(key),
      paise: charges[key],
      testId: chargeId(testIdPrefix, key),
    })),
    // The VIP tier's share off the brokerage: already out of the brokerage line above.
    ...((charges.vip_discount_paise ?? 0) > 0
      ? [
          {
            label: vipDiscountLabel(),
            paise: -charges.vip_discount_paise,
            testId: chargeId(testIdPrefix, 'vip_discount'),
          },
        ]
      : []),
    { label: totalLabel, paise: charges.total_paise, testId: `${testIdPrefix}-charges-total` },
    ...after,
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid={`${testIdPrefix}-charges`}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.testId}>
            <Table.Td px={0}>
              <Text
                span
                size="sm"
                fw={row.strong ? 700 : 400}
                c={row.strong ? undefined : 'dimmed'}
              >
                {row.label}
              </Text>
            </Table.Td>
            <Table.Td ta="right" px={0}>
              <Text
                span
                size="sm"
                fw={row.strong ? 700 : 500}
                data-testid={row.testId}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {format(row.paise)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
