import {
  Alert,
  Button,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useQuery } from '@tanstack/react-query';
import { charterQueryOptions } from '../api/duties';
import { useDutiesTranslation } from '../i18n';
import { EscalationMatrix } from './escalation-matrix';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const Items = ({ items }: { items: string[] }) => (
  <List spacing={4} size="sm">
    {items.map((item) => (
      <List.Item key={item}>{item}</List.Item>
    ))}
  </List>
);

/**
 * /investor-charter: what SEBI requires a stockbroker to display, open to anyone. The charter's
 * text is the firm's (served by the API, in English as filed); the headings follow the language.
 */
export function InvestorCharterPage() {
  const { t } = useDutiesTranslation();
  const charter = useQuery(charterQueryOptions());
  return (
    <Container size="md" py="xl" component="main">
      <Stack gap="md" data-testid="investor-charter">
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            {t('charter.title')}
          </Title>
          {/* /login sends a signed-in client on to Home. */}
          <Button
            component={Link}
            to={paths.login}
            variant="light"
            leftSection={<IconHome size={18} />}
          >
            {t('charter.home')}
          </Button>
        </Group>
        {charter.isPending && <Loader size="sm" />}
        {charter.isError && <Alert color="red">{charter.error.message}</Alert>}
        {charter.data && (
          <>
            <Section title={t('charter.vision')}>
              <Text size="sm">{charter.data.vision}</Text>
            </Section>
            <Section title={t('charter.services')}>
              <Items items={charter.data.services} />
            </Section>
            <Section title={t('charter.rights')}>
              <Items items={charter.data.rights} />
            </Section>
            <Section title={t('charter.timelines')}>
              <Table.ScrollContainer minWidth={420}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('charter.activity')}</Table.Th>
                      <Table.Th>{t('charter.timeline')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {charter.data.timelines.map((row) => (
                      <Table.Tr key={row.activity}>
                        <Table.Td>{row.activity}</Table.Td>
                        <Table.Td>{row.timeline}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Section>
            <Section title={t('charter.dos')}>
              <Items items={charter.data.dos} />
            </Section>
            <Section title={t('charter.donts')}>
              <Items items={charter.data.donts} />
            </Section>
            <Section title={t('charter.escalation')}>
              <EscalationMatrix />
            </Section>
          </>
        )}
      </Stack>
    </Container>
  );
}
