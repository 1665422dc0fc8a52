import { Text } from '@mantine/core';
import { useMeTranslation } from '../i18n';

/** /me/records. */
export function RecordsPage() {
  const { t } = useMeTranslation();
  return (
    <Text c="dimmed" data-testid="me-records">
      {t('records.text')}
    </Text>
  );
}
