import { Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ArticlesPanel } from '../components/articles-panel';
import { FeedsPanel } from '../components/feeds-panel';

/** News: the firm's articles (drafts and published) and the feeds that import more. */
export function NewsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'feeds' ? 'feeds' : 'articles';
  return (
    <>
      <PageHeader
        title="News"
        description="What clients read under News: the firm's notes and imported headlines"
        actions={
          <Button component={Link} to={paths.newsNew} leftSection={<IconPlus size={16} />}>
            New article
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'feeds' ? { tab: 'feeds' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="articles">Articles</Tabs.Tab>
          <Tabs.Tab value="feeds">Feeds</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="articles">
          <ArticlesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="feeds">
          <FeedsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
