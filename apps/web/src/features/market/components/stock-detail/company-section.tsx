import { Anchor, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CompanyIntro } from '../../../../components/market/company-intro';
import { paths } from '../../../../config/paths';
import { closeGlobalDrawer } from '../../../../lib/drawers';
import { companyQueryOptions } from '../../../../lib/market/company';
import { useMarketTranslation } from '../../i18n';

/** The company introduction inside the stock detail, with a way to its full page. */
export function CompanySection({ symbol }: { symbol: string }) {
  const { t } = useMarketTranslation();
  const navigate = useNavigate();
  const { data: company, isPending, isError } = useQuery(companyQueryOptions(symbol));
  if (isPending) return <Skeleton height={120} radius="md" />;
  // A company without an introduction simply has no section.
  if (isError || !company) return null;
  const openProfile = async () => {
    // The drawer finishes closing before the page changes (spec §2).
    await closeGlobalDrawer();
    void navigate(paths.company(symbol));
  };
  return (
    <Stack gap="xs">
      <CompanyIntro company={company} />
      <Anchor component="button" type="button" size="sm" onClick={() => void openProfile()}>
        {t('detail.companyProfile')}
      </Anchor>
    </Stack>
  );
}
