import type { TTheme } from '@sampada/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChangeText } from '../../../components/market/change-text';
import { QuoteList } from '../../../components/market/quote-list';
import { paths } from '../../../config/paths';
import { useLiveList } from '../../../lib/market/live-quotes';
import { useDiscoverTranslation } from '../i18n';

/** Constituents shown before "Show all", so a phone is not one long list. */
const PREVIEW = 5;

/** One curated theme: what it is, how it moved today, and its stocks live. */
export function ThemeCard({ theme }: { theme: TTheme }) {
  const { t } = useDiscoverTranslation();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? theme.stocks : theme.stocks.slice(0, PREVIEW);
  const stocks = useLiveList(shown);
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid={`theme-${theme.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4">
            {theme.title}
          </Title>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              {t('themeChange')}
            </Text>
            <ChangeText changePct={theme.change_pct} size="sm" />
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {theme.description}
        </Text>
        <QuoteList quotes={stocks} testId={`theme-stocks-${theme.id}`} />
        {theme.stocks.length > PREVIEW && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            w="fit-content"
          >
            {expanded ? t('showFewer') : t('showAll', { count: theme.stocks.length })}
          </Button>
        )}
        <Group gap="xs" component="nav" aria-label={t('companies')}>
          <Text size="xs" c="dimmed">
            {t('companies')}:
          </Text>
          {stocks.map((stock) => (
            <Anchor
              key={stock.symbol}
              component={Link}
              to={paths.company(stock.symbol)}
              size="xs"
              aria-label={t('about', { symbol: stock.symbol })}
            >
              {stock.symbol}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
