import { Stack, Title } from '@mantine/core';
import { useStaticTranslation } from '../i18n';
import { StaticPage, SupportContact } from './static-page';

/** /privacy. */
export function PrivacyPage() {
  const { t } = useStaticTranslation();
  return (
    <StaticPage page="privacy">
      <Stack gap="xs" component="section">
        <Title order={2} size="h3">
          {t('privacy.contactHeading')}
        </Title>
        <SupportContact />
      </Stack>
    </StaticPage>
  );
}
