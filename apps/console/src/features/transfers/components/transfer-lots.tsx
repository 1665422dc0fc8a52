import { Table, Text } from '@mantine/core';
import { formatPaise, type TTransferIn } from '@sampada/shared';
import { formatIstDay } from '../../../lib/format';

/** A request's lots as the officer checks them against the depository's credit. */
export function TransferLots({ transfer }: { transfer: TTransferIn }) {
  const bySymbol = new Map<string, number>();
  for (const lot of transfer.lots)
    bySymbol.set(lot.symbol, (bySymbol.get(lot.symbol) ?? 0) + lot.quantity);
  return (
    <>
      <Text size="sm" fw={600} data-testid="transfer-totals">
        {[...bySymbol].map(([symbol, quantity]) => `${quantity} ${symbol}`).join(' · ')}
      </Text>
      <Table fz="xs" withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {transfer.lots.map((lot) => (
            <Table.Tr key={`${lot.symbol}-${lot.acquired_at}`}>
              <Table.Td>{lot.symbol}</Table.Td>
              <Table.Td>{lot.isin}</Table.Td>
              <Table.Td>bought {formatIstDay(lot.acquired_on)}</Table.Td>
              <Table.Td ta="right">{lot.quantity}</Table.Td>
              <Table.Td ta="right">{formatPaise(lot.cost_paise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
