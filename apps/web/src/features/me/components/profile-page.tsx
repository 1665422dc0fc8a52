import { Divider, Group, Paper, Stack, Switch, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../../../components/copy-button';
import { BANK_SECTION_ID } from '../../../config/paths';
import { BankCards } from './bank-cards';
import { EmailSection } from '../duties/components/email-section';
import { setShowAssets, useAppSettings } from '../../../lib/app-settings';
import { useProfile } from '../../../lib/auth';
import { kycDetailQueryOptions } from '../../../lib/kyc';
import { queryClient } from '../../../lib/query-client';
import { hasSession } from '../../../lib/session';
import { useMeTranslation } from '../i18n';
import { formatDate } from '../../../lib/datetime';

/**
 * Starts reading the KYC record while the layout verifies the session, so a fresh load of
 * this page sends its requests together. A failure here is only logged.
 */
export async function profilePageLoader() {
  if (!hasSession()) return null;
  try {
    await queryClient.prefetchQuery(kycDetailQueryOptions());
  } catch (error) {
    console.error('KYC record could not be read', error);
  }
  return null;
}

const formatOptionalDate = (value: string | null | undefined) => (value ? formatDate(value) : null);

/** /me/profile: the profile fields of client_info, and the show-assets preference. */
export function ProfilePage() {
  const { t } = useMeTranslation();
  const { data: profile } = useProfile();
  const { showAssets } = useAppSettings();
  const { data: kyc } = useQuery(kycDetailQueryOptions());
  if (!profile) return <BankSection />;
  const rows: [string, React.ReactNode][] = [
    [t('profile.name'), profile.name || t('profile.notSet')],
    [t('profile.mobile'), profile.username],
    [
      t('profile.uid'),
      <Group gap={4} key="uid" wrap="nowrap">
        <span>{profile.id}</span>
        <CopyButton value={profile.id} label={t('profile.uid')} />
      </Group>,
    ],
    [t('profile.account'), profile.account],
    [t('profile.vip'), profile.vip],
    [t('profile.score'), profile.score],
    [t('profile.trades'), profile.order_num],
    [t('profile.kyc'), t(`profile.kycStatus.${profile.kycStatus}`)],
    [t('profile.kycSubmitted'), formatOptionalDate(kyc?.create_datetime) ?? t('profile.notSet')],
    [t('profile.kycApproved'), formatOptionalDate(kyc?.check_time) ?? t('profile.notSet')],
    [t('profile.pin'), profile.has_pin ? t('profile.pinSet') : t('profile.pinMissing')],
  ];
  return (
    <Stack gap="md" data-testid="profile-page">
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Switch
        checked={showAssets}
        onChange={(event) => setShowAssets(event.currentTarget.checked)}
        label={t('profile.showAssets')}
        description={t('profile.showAssetsHint')}
      />
      <Divider my="md" />
      <EmailSection />
      <BankSection />
    </Stack>
  );
}

/** The Bank Accounts section the user drawer links to (/me#bank-section, spec §2). */
function BankSection() {
  const { t } = useMeTranslation();
  return (
    <Paper
      component="section"
      id={BANK_SECTION_ID}
      withBorder
      p="md"
      radius="md"
      aria-labelledby="bank-section-title"
    >
      <Title order={2} size="h4" id="bank-section-title" mb="xs">
        {t('bank.title')}
      </Title>
      <BankCards />
    </Paper>
  );
}
