import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatBps, formatPaise, penalChargeText, type TCreditProduct } from '@sampada/shared';

/** One product's terms; admins get an Edit button. */
export function CreditProductRow({
  product: p,
  editable,
  onEdit,
}: {
  product: TCreditProduct;
  editable: boolean;
  onEdit: (product: TCreditProduct) => void;
}) {
  return (
    <Table.Tr data-testid="credit-product-row">
      <Table.Td>
        <Group gap={6}>
          <Text fw={600} size="sm">
            {p.name}
          </Text>
          {p.active ? null : <Badge color="gray">off</Badge>}
        </Group>
        <Text size="xs" c="dimmed">
          {p.kind.replaceAll('_', ' ')} · {p.repayment.replace('_', ' ')}
        </Text>
      </Table.Td>
      <Table.Td>
        {p.rate_type === 'floating'
          ? `benchmark + ${formatBps(p.spread_bps ?? 0)}`
          : formatBps(p.annual_rate_bps)}
        <Text size="xs" c="dimmed">
          {p.rate_type === 'floating'
            ? `floating, reset every ${p.reset_months ?? 0} months`
            : p.rate_type}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatPaise(p.min_amount_paise)} – {formatPaise(p.max_amount_paise)}
      </Table.Td>
      <Table.Td>{p.tenure_months.join(', ')} months</Table.Td>
      <Table.Td>
        {p.ltv_bps === null
          ? '—'
          : `${formatBps(p.ltv_bps)} · ${formatBps(p.margin_call_ltv_bps ?? 0)} · ${formatBps(p.sell_off_ltv_bps ?? 0)}`}
      </Table.Td>
      <Table.Td>{formatBps(p.processing_fee_bps)}</Table.Td>
      <Table.Td>{p.cooling_off_days === 1 ? '1 day' : `${p.cooling_off_days} days`}</Table.Td>
      <Table.Td data-testid="credit-product-foreclosure">
        {p.foreclosure_charge_bps > 0 ? formatBps(p.foreclosure_charge_bps) : 'Nil'}
      </Table.Td>
      <Table.Td data-testid="credit-product-penal">
        {penalChargeText(p.penal_kind, p.penal_rate_bps, p.penal_flat_paise) ?? 'No penal charge'}
      </Table.Td>
      <Table.Td>
        {editable ? (
          <Button size="compact-sm" variant="light" onClick={() => onEdit(p)}>
            Edit
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
