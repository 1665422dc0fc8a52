import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useStaticTranslation } from '../i18n';

/** Catch-all 404 (spec §2). */
export function NotFoundPage() {
  const { t } = useStaticTranslation();
  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <Text fz={72} fw={800} c="teal.7" lh={1}>
          {t('notFound.code')}
        </Text>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to={paths.root}>
          {t('home')}
        </Button>
      </Stack>
    </Center>
  );
}
