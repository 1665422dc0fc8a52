import { Group, Text, UnstyledButton } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { MAIN_TABS, isTabActive } from './main-tabs';

/** Bottom tab bar under 768 px (spec §2). */
export function BottomTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group
      component="nav"
      aria-label={t('nav.mainNavigation')}
      grow
      gap={0}
      h="100%"
      wrap="nowrap"
      data-testid="bottom-tabs"
    >
      {MAIN_TABS.map(({ to, match, label, icon: TabIcon }) => {
        const active = isTabActive(pathname, match);
        return (
          <UnstyledButton
            key={to}
            component={NavLink}
            to={to}
            aria-current={active ? 'page' : undefined}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 2,
              padding: 6,
            }}
            c={active ? 'teal' : 'dimmed'}
          >
            <TabIcon size={22} stroke={active ? 2.2 : 1.6} />
            <Text size="xs" fw={active ? 600 : 400}>
              {t(label)}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
