import type { TTotpEnrolment } from '@sampada/shared';
import { Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { CopyButton } from '../copy-button';
import { useTwoFactorTranslation } from './i18n';

/** The QR code and the key of a new secret, for an authenticator app to take in. */
export function TotpSetup({ enrolment }: { enrolment: TTotpEnrolment }) {
  const { t } = useTwoFactorTranslation();
  // Groups of four, as authenticator apps print keys; copied without the spaces.
  const spaced = enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm" align="center">
        <Title order={3} size="h5" ta="center">
          {t('setup.title')}
        </Title>
        <Text size="sm" c="dimmed" ta="center">
          {t('setup.scan')}
        </Text>
        <Image
          src={enrolment.qr_data_url}
          alt={t('setup.qrAlt')}
          w={180}
          h={180}
          fit="contain"
          bg="white"
        />
        <Group gap={6} wrap="nowrap" justify="center">
          <Text size="sm">{t('setup.key')}:</Text>
          <Text
            data-testid="totp-secret"
            ff="monospace"
            fw={600}
            fz="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {spaced}
          </Text>
          <CopyButton value={enrolment.secret} label={t('setup.keyLabel')} />
        </Group>
      </Stack>
    </Paper>
  );
}
