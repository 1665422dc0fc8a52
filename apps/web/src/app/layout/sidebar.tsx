import { Divider, NavLink as MantineNavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { menuIcon } from '../menu-icons';
import { useMenuEntries } from '../menu-routes';
import { menuTitle } from './menu-title';
import { MAIN_TABS, activeItem } from './main-tabs';

/** Sidebar from 768 px: the main tabs, then every mounted menu route with icon and title. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = useMenuEntries();
  // One item lit, and one current page for a screen reader (NavLink marked every ancestor).
  const active = activeItem(pathname, [
    ...MAIN_TABS.map((tab) => tab.match),
    ...entries.map((e) => e.path),
  ]);
  const current = (path: string) =>
    path === active ? { active: true, 'aria-current': 'page' as const } : { active: false };
  return (
    <ScrollArea h="100%" data-testid="sidebar">
      <Stack gap={2} p="xs">
        {MAIN_TABS.map(({ to, match, label, icon: TabIcon }) => (
          <MantineNavLink
            key={to}
            component={Link}
            to={to}
            label={t(label)}
            leftSection={<TabIcon size={20} stroke={1.7} />}
            {...current(match)}
            onClick={onNavigate}
          />
        ))}
        {entries.length > 0 && <Divider my="xs" />}
        {entries.map((entry) => {
          const EntryIcon = menuIcon(entry.icon);
          return (
            <MantineNavLink
              key={entry.path}
              component={Link}
              to={entry.path}
              label={menuTitle(entry.component, entry.title)}
              leftSection={<EntryIcon size={20} stroke={1.7} />}
              {...current(entry.path)}
              onClick={onNavigate}
            />
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
