import { APP_VERSION, DRAWER_VERSION } from '@sampada/shared';
import { Stack, Text, Title } from '@mantine/core';
import { useStaticTranslation } from '../i18n';
import { StaticPage, SupportContact } from './static-page';

/** /about, with both version readings of spec §1. */
export function AboutPage() {
  const { t } = useStaticTranslation();
  return (
    <StaticPage page="about">
      <Stack gap="xs" component="section" data-testid="about-versions">
        <Title order={2} size="h3">
          {t('about.versionHeading')}
        </Title>
        <Text>{t('about.appVersion', { version: APP_VERSION })}</Text>
        <Text>{t('about.drawerVersion', { version: DRAWER_VERSION })}</Text>
        <Text size="sm" c="dimmed">
          {t('about.versionNote')}
        </Text>
        <SupportContact />
      </Stack>
    </StaticPage>
  );
}
