import { Table } from '@mantine/core';
import { formatPaise } from '@sampada/shared';

/** A ledger line's amount, signed, red for a debit and teal for a credit (4.5:1 on white). */
export function SignedAmountCell({ paise }: { paise: number }) {
  return (
    <Table.Td ta="right" c={paise < 0 ? 'red.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
      {paise > 0 ? '+' : ''}
      {formatPaise(paise)}
    </Table.Td>
  );
}
