import { Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useProfile } from '../../../lib/auth';
import { useSystemSettings } from '../../../lib/system-settings';
import { useSupportTranslation } from '../i18n';

/** The firm's phone, email and hours from the public settings, under the chat. */
export function SupportContacts() {
  const { t } = useSupportTranslation();
  const settings = useSystemSettings();
  const { data: profile } = useProfile();

  if (settings.isPending) {
    return (
      <Stack gap="sm" data-testid="support-loading">
        <Skeleton h={16} />
        <Skeleton h={16} />
        <Skeleton h={16} />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Stack gap="sm">
        <Text c="red.7">{t('failed')}</Text>
        <Button variant="light" onClick={() => void settings.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  const { phone, email, hours } = settings.data.support;
  if (!phone && !email) {
    return (
      <Stack gap="md" maw={560} data-testid="support-contacts">
        <Text size="sm">{t('intro')}</Text>
        <Text c="dimmed">{t('unpublished')}</Text>
      </Stack>
    );
  }
  const rows = [
    [t('phone'), phone],
    [t('email'), email],
    [t('hours'), hours],
  ].filter(([, value]) => value);
  return (
    <Stack gap="md" maw={560} data-testid="support-contacts">
      <Text size="sm">{t('intro')}</Text>
      <Table variant="vertical" withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="30%">{label}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {phone && (
        <Button
          component="a"
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          leftSection={<IconPhone size={18} />}
        >
          {t('call', { phone })}
        </Button>
      )}
      {email && (
        <Button
          component="a"
          href={`mailto:${email}`}
          variant="light"
          leftSection={<IconMail size={18} />}
        >
          {t('write', { email })}
        </Button>
      )}
      {profile?.id && (
        <Text size="xs" c="dimmed">
          {t('uid', { uid: profile.id })}
        </Text>
      )}
    </Stack>
  );
}
