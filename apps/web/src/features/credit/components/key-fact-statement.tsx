import { formatBps, formatPaise, type TKeyFactStatement } from '@sampada/shared';
import { Anchor, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { downloadKeyFacts } from '../api/key-facts';
import { useCreditTranslation } from '../i18n';
import { formatDay } from '../../../lib/datetime';
import { FigureGrid } from './figure-grid';

/**
 * The key fact statement before applying (RBI's digital lending directions): the figures the
 * client agrees to, the penal charges, cooling-off, recovery and the grievance officer, a PDF
 * copy, and the box that accepts it. Applying sends this statement's id.
 */
export function KeyFactStatement({
  kfs,
  accepted,
  onAccept,
}: {
  kfs: TKeyFactStatement;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
}) {
  const { t } = useCreditTranslation();
  const rows: [string, string][] = [
    [t('kfs.amount'), formatPaise(kfs.amount_paise)],
    [
      t(kfs.rate_type === 'floating' ? 'kfs.rateFloating' : 'kfs.rate'),
      formatBps(kfs.annual_rate_bps),
    ],
    [t('kfs.apr'), formatBps(kfs.apr_bps)],
    [t('kfs.fees'), formatPaise(kfs.processing_fee_paise + kfs.fee_gst_paise)],
    [t('kfs.net'), formatPaise(kfs.net_disbursal_paise)],
    [t('kfs.total'), formatPaise(kfs.total_repayable_paise)],
    [t('kfs.instalments'), String(kfs.instalments)],
    [t('kfs.coolingOff'), t('kfs.days', { count: kfs.cooling_off_days })],
  ];
  return (
    <Paper withBorder p="sm" data-testid="loan-kfs">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} size="h6">
            {t('kfs.title')}
          </Title>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void downloadKeyFacts(kfs.id)}
            data-testid="loan-kfs-pdf"
          >
            {t('kfs.pdf')}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed">
          {t('kfs.validUntil', { day: formatDay(kfs.valid_until) })}
        </Text>
        <FigureGrid rows={rows} />
        <KfsTerms kfs={kfs} />
        <Checkbox
          checked={accepted}
          onChange={(event) => onAccept(event.currentTarget.checked)}
          label={t('kfs.accept')}
          data-testid="loan-kfs-accept"
        />
      </Stack>
    </Paper>
  );
}

/** The terms in words: a floating rate's, penal charges, closing early, recovery, grievances. */
function KfsTerms({ kfs }: { kfs: TKeyFactStatement }) {
  const { t } = useCreditTranslation();
  return (
    <>
      {kfs.floating ? (
        <Text size="xs" data-testid="loan-kfs-floating">
          <b>{t('kfs.floating')}:</b> {kfs.floating.text}
        </Text>
      ) : null}
      <Text size="xs">
        <b>{t('kfs.penal')}:</b> {kfs.penal.text}
      </Text>
      <Text size="xs" data-testid="loan-kfs-foreclosure">
        <b>{t('kfs.foreclosure')}:</b> {kfs.foreclosure}
      </Text>
      <Text size="xs">
        <b>{t('kfs.recovery')}:</b> {kfs.recovery}
      </Text>
      <Text size="xs">
        <b>{t('kfs.grievance')}:</b> {kfs.grievance.name}, {kfs.grievance.email},{' '}
        {kfs.grievance.phone}
      </Text>
    </>
  );
}
