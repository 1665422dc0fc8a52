import { Text } from '@mantine/core';
import { useMeTranslation } from '../i18n';

/** /me/application. */
export function ApplicationPage() {
  const { t } = useMeTranslation();
  return (
    <Text c="dimmed" data-testid="me-application">
      {t('application.text')}
    </Text>
  );
}
