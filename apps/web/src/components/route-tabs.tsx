import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useIsPhone } from '../lib/use-is-phone';

/**
 * Tabs that are child routes: the address says which one is active (the first by default)
 * and choosing one goes to its path.
 */
export function RouteTabs<TTab extends string>({
  tabs,
  pathOf,
  labelOf,
}: {
  tabs: readonly TTab[];
  pathOf: (tab: TTab) => string;
  labelOf: (tab: TTab) => string;
}) {
  const navigate = useNavigate();
  // On a phone smaller text and padding, so four tabs share one row at 375 px.
  const compact = useIsPhone();
  const { pathname } = useLocation();
  const active = tabs.find((tab) => pathname.endsWith(`/${tab}`)) ?? tabs[0];
  return (
    <Tabs value={active} onChange={(tab) => tab && void navigate(pathOf(tab as TTab))}>
      <Tabs.List grow>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab}
            value={tab}
            px={compact ? 6 : undefined}
            fz={compact ? 'sm' : undefined}
          >
            {labelOf(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
