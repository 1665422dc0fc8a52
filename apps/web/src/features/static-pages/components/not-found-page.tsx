import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useStaticTranslation } from '../i18n';

/**
 * Credit's pages are mounted from the menu only for a client with allow_loan or with loans: for
 * anyone else /credit is a feature their account lacks, not a missing page (issue 31).
 */
const isGated = (pathname: string) =>
  pathname === paths.credit || pathname.startsWith(`${paths.credit}/`);

/** Catch-all 404 (spec §2). */
export function NotFoundPage() {
  const { t } = useStaticTranslation();
  const gated = isGated(useLocation().pathname);
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        {!gated && (
          <Text fz={72} fw={800} c="teal.7" lh={1}>
            {t('notFound.code')}
          </Text>
        )}
        <Title order={1} size="h2" data-testid={gated ? 'not-available' : 'not-found'}>
          {t(gated ? 'notAvailable.title' : 'notFound.title')}
        </Title>
        <Text c="dimmed">{t(gated ? 'notAvailable.text' : 'notFound.text')}</Text>
        <Button component={Link} to={paths.root}>
          {t('home')}
        </Button>
      </Stack>
    </Center>
  );
}
