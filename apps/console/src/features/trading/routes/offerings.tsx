import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { AllocationsPanel } from '../components/allocations-panel';
import { IposPanel } from '../components/ipos-panel';
import { OtcQuotesPanel } from '../components/otc-quotes-panel';

const TABS = ['institutional', 'otc', 'ipo'] as const;
type TTab = (typeof TABS)[number];

/** What the desk offers clients: institutional allocations, OTC quotes and IPO issues. */
export function OfferingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TTab = TABS.includes(requested as TTab) ? (requested as TTab) : 'institutional';
  return (
    <>
      <PageHeader
        title="Offerings"
        description="Publish and close what clients can order outside the market"
      />
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(next && next !== 'institutional' ? { tab: next } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="institutional" data-testid="offerings-tab-institutional">
            Institutional allocations
          </Tabs.Tab>
          <Tabs.Tab value="otc" data-testid="offerings-tab-otc">
            OTC desk quotes
          </Tabs.Tab>
          <Tabs.Tab value="ipo" data-testid="offerings-tab-ipo">
            IPO issues
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="institutional">
          <AllocationsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="otc">
          <OtcQuotesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="ipo">
          <IposPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
