import { Table } from '@mantine/core';
import { formatDateTime } from '../lib/format';
import { StatusBadge } from './kyc-status-badge';

/** The columns a reset code shows wherever it is listed (the queue, a client's page). */
export const RESET_CODE_COLUMNS = ['Issued', 'Expires', 'Attempts', 'Status'];

/** One reset code's cells, under RESET_CODE_COLUMNS. */
export function ResetCodeCells({
  code,
}: {
  code: {
    created_at: string;
    expires_at: string;
    attempts: number;
    max_attempts: number;
    status: string;
  };
}) {
  return (
    <>
      <Table.Td>{formatDateTime(code.created_at)}</Table.Td>
      <Table.Td>{formatDateTime(code.expires_at)}</Table.Td>
      <Table.Td>
        {code.attempts} / {code.max_attempts}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={code.status} />
      </Table.Td>
    </>
  );
}
