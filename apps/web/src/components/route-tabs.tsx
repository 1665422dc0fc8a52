import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useIsPhone } from '../lib/use-is-phone';

/**
 * Tabs that are child routes: the address says which one is active — a tab's own screens
 * below it too (Holdings › Transfer shares in), the first by default — and choosing one goes
 * to its path.
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
  // On a phone smaller text and padding, and one row that scrolls sideways when the tabs
  // outgrow 375 px (Me has eight), rather than a second row of tabs.
  const compact = useIsPhone();
  const { pathname } = useLocation();
  const active =
    tabs.find((tab) => pathname.endsWith(`/${tab}`)) ??
    tabs.find((tab) => pathname.includes(`/${tab}/`)) ??
    tabs[0];
  return (
    <Tabs value={active} onChange={(tab) => tab && void navigate(pathOf(tab as TTab))}>
      <Tabs.List
        grow
        style={
          compact ? { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' } : undefined
        }
      >
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab}
            value={tab}
            px={compact ? 6 : undefined}
            fz={compact ? 'sm' : undefined}
            style={compact ? { flexShrink: 0, whiteSpace: 'nowrap' } : undefined}
          >
            {labelOf(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
