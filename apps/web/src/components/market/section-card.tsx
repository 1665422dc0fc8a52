import { Anchor, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';

export interface SectionCardProps {
  title: string;
  /** The full view this card previews. */
  seeAllTo?: string;
  /** Controls beside the title (tabs, toggles). */
  actions?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A titled card of the Home and Market screens, with an optional "See all" link. */
export function SectionCard({ title, seeAllTo, actions, testId, children }: SectionCardProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="sm">
          {actions}
          {seeAllTo && (
            <Anchor
              component={Link}
              to={seeAllTo}
              size="sm"
              aria-label={`${t('quote.seeAll')}: ${title}`}
            >
              {t('quote.seeAll')}
            </Anchor>
          )}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}
