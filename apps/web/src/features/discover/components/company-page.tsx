import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChartCandle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ChangeText } from '../../../components/market/change-text';
import { CompanyIntro } from '../../../components/market/company-intro';
import { LivePrice } from '../../../components/market/live-price';
import { paths } from '../../../config/paths';
import { openStockDetail } from '../../../lib/drawers';
import { companyQueryOptions } from '../../../lib/market/company';
import { useLiveQuotes } from '../../../lib/market/live-quotes';
import { useDiscoverTranslation } from '../i18n';

/** /discover/company/:symbol: the company introduction with its video, and the live price. */
export function CompanyPage() {
  const { t } = useDiscoverTranslation();
  const symbol = (useParams().symbol ?? '').toUpperCase();
  const query = useQuery(companyQueryOptions(symbol));
  const quote = useLiveQuotes([symbol])[symbol];
  return (
    <Stack gap="md" data-testid="company-page">
      <Anchor component={Link} to={paths.discover} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('company.back')}
        </Group>
      </Anchor>
      {query.isPending ? (
        <Skeleton height={240} radius="md" />
      ) : query.isError ? (
        <Paper withBorder radius="md" p="md">
          <Title order={1} size="h2">
            {symbol}
          </Title>
          <Text c="dimmed" mt="xs">
            {t('company.notFound')}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Title order={1} size="h2">
                  {query.data.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {query.data.symbol} · {query.data.market}
                </Text>
              </Stack>
              {quote && (
                <Stack gap={0} align="flex-end">
                  <LivePrice price={quote.price} size="lg" />
                  <ChangeText
                    change={quote.change}
                    changePct={quote.change_pct}
                    withAmount
                    size="sm"
                  />
                </Stack>
              )}
            </Group>
            <Button
              variant="light"
              leftSection={<IconChartCandle size={18} aria-hidden />}
              onClick={() => openStockDetail(query.data.symbol, query.data.market)}
              w="fit-content"
            >
              {t('company.openDetail')}
            </Button>
            <CompanyIntro company={query.data} withVideo headingOrder={2} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
