import { NavLink as MantineNavLink, Paper, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { menuIcon } from '../menu-icons';
import { useMenuEntries } from '../menu-routes';
import { menuTitle } from './menu-title';

/**
 * Me › More: every menu route the server mounted, with its icon and title. On a phone there is
 * no sidebar, so this list is how All Deals, Bank Cards, Score Info and the rest are reached.
 */
export function MorePage() {
  const { t } = useTranslation();
  const entries = useMenuEntries();
  return (
    <Paper withBorder radius="md" p={0} data-testid="more-page">
      <Stack component="nav" aria-label={t('nav.moreScreens')} gap={0}>
        {entries.length === 0 && (
          <Text c="dimmed" p="md">
            {t('nav.noMoreScreens')}
          </Text>
        )}
        {entries.map((entry) => {
          const EntryIcon = menuIcon(entry.icon);
          return (
            <MantineNavLink
              key={entry.path}
              component={NavLink}
              to={entry.path}
              label={menuTitle(entry.component, entry.title)}
              py="sm"
              leftSection={<EntryIcon size={22} stroke={1.7} />}
              rightSection={<IconChevronRight size={16} stroke={1.5} />}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}
