import { Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatPaise, type TAllotmentResult, formatCount } from '@sampada/shared';
import { Figure } from './figure';

const METHOD_LABELS: Record<TAllotmentResult['method'], string> = {
  full: 'Full: every applicant got every lot',
  lottery: 'Lottery: one lot per winning applicant (SEBI retail method)',
  proportional: 'Proportional',
};

/** The counts of an allotment run, in the order the card shows them. */
const COUNTS: {
  label: string;
  field: 'lots_offered' | 'lots_applied' | 'lots_allotted' | 'applicants' | 'allotted_applicants';
  testId: string;
}[] = [
  { label: 'Lots offered', field: 'lots_offered', testId: 'allotment-lots-offered' },
  { label: 'Lots applied', field: 'lots_applied', testId: 'allotment-lots-applied' },
  { label: 'Lots allotted', field: 'lots_allotted', testId: 'allotment-lots-allotted' },
  { label: 'Applicants', field: 'applicants', testId: 'allotment-applicants' },
  { label: 'Allotted applicants', field: 'allotted_applicants', testId: 'allotment-allotted' },
];

/** What an allotment run did: method, seed, lots, who got what, and what went back. */
export function AllotmentResult({ result }: { result: TAllotmentResult }) {
  return (
    <Card withBorder data-testid="allotment-result">
      <Title order={4} mb="xs">
        Allotment
      </Title>
      <Stack gap="sm">
        <Text size="sm" data-testid="allotment-method" data-method={result.method}>
          {METHOD_LABELS[result.method]}
        </Text>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            Seed
          </Text>
          <Code data-testid="allotment-seed">{result.seed}</Code>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label="Issue price" value={formatPaise(result.issue_price_paise)} />
          {COUNTS.map(({ label, field, testId }) => (
            <Figure key={field} label={label} value={formatCount(result[field])} testId={testId} />
          ))}
          <Figure
            label="Refunded"
            value={formatPaise(result.refunded_paise)}
            testId="allotment-refunded"
          />
        </SimpleGrid>
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client UID</Table.Th>
                <Table.Th>Order</Table.Th>
                <Table.Th ta="right">Lots applied</Table.Th>
                <Table.Th ta="right">Lots allotted</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.allotments.map((a) => (
                <Table.Tr key={a.order_id} data-testid="allotment-row">
                  <Table.Td>{a.client_uid}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {a.order_id}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(a.lots_applied)}</Table.Td>
                  <Table.Td ta="right">{formatCount(a.lots_allotted)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {result.allotments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No applications.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
