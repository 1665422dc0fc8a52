import { Alert, Anchor, Loader, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { charterQueryOptions } from '../api/duties';
import { useDutiesTranslation } from '../i18n';

/** A contact that is a web address opens in a new tab; an e-mail address is a mailto link. */
function Contact({ value }: { value: string }) {
  if (/^https:\/\//.test(value))
    return (
      <Anchor href={value} target="_blank" rel="noopener noreferrer">
        {value.replace(/^https:\/\//, '')}
      </Anchor>
    );
  if (/^[^\s@]+@[^\s@]+$/.test(value)) return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
  return <>{value}</>;
}

/** Support → compliance officer → SEBI SCORES → SMART ODR, from the investor charter. */
export function EscalationMatrix() {
  const { t } = useDutiesTranslation();
  const charter = useQuery(charterQueryOptions());
  if (charter.isPending) return <Loader size="sm" />;
  if (charter.isError) return <Alert color="red">{charter.error.message}</Alert>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder data-testid="escalation-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('charter.level')}</Table.Th>
            <Table.Th>{t('charter.who')}</Table.Th>
            <Table.Th>{t('charter.contact')}</Table.Th>
            <Table.Th>{t('charter.within')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charter.data.escalation.map((row) => (
            <Table.Tr key={row.level}>
              <Table.Td>{row.level}</Table.Td>
              <Table.Td>{row.who}</Table.Td>
              <Table.Td>
                <Contact value={row.contact} />
              </Table.Td>
              <Table.Td>{row.within}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
