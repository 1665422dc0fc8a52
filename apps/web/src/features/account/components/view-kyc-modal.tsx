import { M, maskIdNumber } from '@sampada/shared';
import { Alert, Box, Image, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { translateMessage } from '../../../lib/i18n';
import { kycDetailQueryOptions } from '../../../lib/kyc';
import { useAccountTranslation } from '../i18n';
import { formatDateTime } from '../../../lib/datetime';

/** In the timezone the client chose, as every other time in the app (decision 020). */
const formatWhen = (value: string | null | undefined) => (value ? formatDateTime(value) : null);

/** One ID image on a placeholder background; hidden if it fails to load (spec §2). */
function IdImage({ src, label }: { src: string; label: string }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Box
        bg="gray.1"
        h={140}
        style={{ borderRadius: 8, display: 'grid', placeItems: 'center', overflow: 'hidden' }}
      >
        {!failed && (
          <ImageViewer src={src} alt={label}>
            <Image
              src={src}
              alt={label}
              // Scaled down whole, never cropped: at most the box's width and 132 px tall.
              h="auto"
              w="auto"
              mah={132}
              maw="100%"
              fit="contain"
              onError={() => setFailed(true)}
            />
          </ImageViewer>
        )}
      </Box>
    </Stack>
  );
}

function KycSkeleton() {
  return (
    <Stack gap="sm" data-testid="kyc-skeleton">
      <Skeleton h={18} w="50%" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={14} />
      ))}
      <SimpleGrid cols={2}>
        <Skeleton h={140} />
        <Skeleton h={140} />
      </SimpleGrid>
    </Stack>
  );
}

/** View KYC: the client's own submitted record (spec §2 "View KYC modal"). */
export function ViewKycModal() {
  const { t } = useAccountTranslation();
  // Image links are signed and expire: every opening reads the record afresh.
  const { data, isError, isFetchedAfterMount } = useQuery({
    ...kycDetailQueryOptions(),
    refetchOnMount: 'always',
  });

  let body;
  if (!isFetchedAfterMount) body = <KycSkeleton />;
  else if (isError) body = <Text c="red.7">{translateMessage(M.kycLoadFailed)}</Text>;
  else if (!data) body = <Text c="dimmed">{t('viewKyc.notSubmitted')}</Text>;
  else {
    const rows: [string, string][] = [
      [t('viewKyc.fullName'), data.full_name],
      [t('viewKyc.idNumber'), maskIdNumber(data.id_no)],
      [t('viewKyc.mobile'), data.mobile || t('viewKyc.notYet')],
      [t('viewKyc.submittedOn'), formatWhen(data.create_datetime) ?? t('viewKyc.notYet')],
      [t('viewKyc.approvedOn'), formatWhen(data.check_time) ?? t('viewKyc.notYet')],
    ];
    body = (
      <Stack gap="md">
        <Title order={3} size="h5">
          {t('viewKyc.personalInfo')}
        </Title>
        <Table withRowBorders variant="vertical" layout="fixed" data-testid="kyc-table">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="40%">{label}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <SimpleGrid cols={2}>
          <IdImage src={data.id_front_url} label={t('viewKyc.idFront')} />
          <IdImage src={data.id_back_url} label={t('viewKyc.idBack')} />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {body}
      <Alert
        variant="light"
        color="gray"
        icon={<IconLock size={18} />}
        title={t('viewKyc.noticeTitle')}
      >
        {t('viewKyc.notice')}
      </Alert>
    </Stack>
  );
}
