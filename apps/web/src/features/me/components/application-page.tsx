import {
  APPLICATION_KINDS,
  formatPaise,
  MAX_EVIDENCE_IMAGES,
  type TApplication,
  type TApplicationKind,
  type TApplicationsQuery,
} from '@sampada/shared';
import { applicationKindLabel } from '../../../components/shared-labels';
import {
  Badge,
  Button,
  Collapse,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MultiImageUpload } from '../../../components/multi-image-upload';
import { QueryState } from '../../../components/market/query-state';
import { paths } from '../../../config/paths';
import { toastFailure } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { openCompensationApplication } from '../../../lib/drawers';
import { formatDateTime } from '../../../lib/money';
import { uploadEvidence } from '../../../lib/evidence';
import {
  applicationsQueryOptions,
  claimQueryOptions,
  useReplyClaim,
  useWithdrawClaim,
} from '../api/applications';
import { useMeTranslation } from '../i18n';

/** A claim's evidence and, when the firm asked, the answer form; withdraw before a decision. */
function ClaimActions({ id }: { id: string }) {
  const { t } = useMeTranslation();
  const claim = useQuery(claimQueryOptions(id));
  const reply = useReplyClaim(id);
  const withdraw = useWithdrawClaim(id);
  const [message, setMessage] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  if (!claim.data) return null;
  const { status, evidence } = claim.data;
  const send = async () => {
    setSending(true);
    try {
      const urls = await uploadEvidence(images);
      await reply.mutateAsync({ message, evidence: urls });
      setMessage('');
      setImages([]);
    } catch (error) {
      toastFailure(t('application.replyFailed'), error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs">
      {evidence.length > 0 && (
        <SimpleGrid cols={{ base: 4, sm: 6 }} spacing={4} data-testid="claim-evidence">
          {evidence.map((url) => (
            <Image key={url} src={url} alt="" h={56} fit="cover" radius="sm" />
          ))}
        </SimpleGrid>
      )}
      {status === 'info_requested' && (
        <Stack gap="xs" data-testid="claim-reply">
          <Textarea
            label={t('application.answer')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={2}
            data-testid="claim-reply-text"
          />
          <MultiImageUpload value={images} onChange={setImages} max={MAX_EVIDENCE_IMAGES} />
          <Button
            onClick={() => void send()}
            loading={sending}
            disabled={!message.trim()}
            data-testid="claim-reply-send"
          >
            {t('application.sendAnswer')}
          </Button>
        </Stack>
      )}
      {['submitted', 'under_review', 'info_requested'].includes(status) && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          loading={withdraw.isPending}
          onClick={() => withdraw.mutate()}
          data-testid="claim-withdraw"
        >
          {t('application.withdraw')}
        </Button>
      )}
    </Stack>
  );
}

function ApplicationRow({ item }: { item: TApplication }) {
  const { t } = useMeTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="application-row" data-kind={item.kind}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge variant="outline" size="sm">
              {applicationKindLabel(item.kind)}
            </Badge>
            <Badge
              variant="light"
              color={item.open ? 'blue' : 'gray'}
              data-testid="application-status"
            >
              {item.status_label}
            </Badge>
          </Group>
          <Text size="sm" fw={600} truncate>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {[
              item.reference,
              item.amount_paise !== null ? formatPaise(item.amount_paise) : null,
              formatDateTime(item.created_at),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {item.reason && (
            <Text size="xs" data-testid="application-reason">
              {t('application.reason', { reason: item.reason })}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {item.kind === 'loan' && (
            <Button component={Link} to={paths.loan(item.id)} variant="light" size="xs">
              {t('application.open')}
            </Button>
          )}
          <Button variant="subtle" size="xs" onClick={() => setOpen((o) => !o)}>
            {open ? t('application.hide') : t('application.timeline')}
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" mt="sm">
          <Timeline bulletSize={12} lineWidth={2} data-testid="application-timeline">
            {item.timeline.map((step, i) => (
              <Timeline.Item key={i} title={<Text size="sm">{step.label}</Text>}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(step.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {open && item.kind === 'compensation' && <ClaimActions id={item.id} />}
        </Stack>
      </Collapse>
    </Paper>
  );
}

/** /me/application: every application — KYC, loans, claims, bonuses, deposits, withdrawals. */
export function ApplicationPage() {
  const { t } = useMeTranslation();
  const { data: profile } = useProfile();
  const [kind, setKind] = useState<TApplicationKind | ''>('');
  const [status, setStatus] = useState<'' | 'open' | 'closed'>('');
  const filter: TApplicationsQuery = {
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
  };
  const list = useQuery(applicationsQueryOptions(filter));
  return (
    <Stack gap="md" data-testid="me-application">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Select
          aria-label={t('application.kind')}
          placeholder={t('application.allKinds')}
          clearable
          w={180}
          data={APPLICATION_KINDS.map((k) => ({ value: k, label: applicationKindLabel(k) }))}
          value={kind || null}
          onChange={(v) => setKind((v as TApplicationKind | null) ?? '')}
          data-testid="application-kind"
        />
        <SegmentedControl
          size="xs"
          value={status || 'all'}
          onChange={(v) => setStatus(v === 'all' ? '' : (v as 'open' | 'closed'))}
          data={[
            { value: 'all', label: t('application.all') },
            { value: 'open', label: t('application.openOnes') },
            { value: 'closed', label: t('application.closed') },
          ]}
        />
        {profile?.allow_compensation && (
          <Button size="xs" onClick={openCompensationApplication} data-testid="open-compensation">
            {t('application.newClaim')}
          </Button>
        )}
      </Group>
      <QueryState
        isPending={list.isPending}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        isEmpty={list.data?.items.length === 0}
        emptyText={t('application.empty')}
        rows={3}
      >
        {list.data?.items.map((item) => (
          <ApplicationRow key={`${item.kind}:${item.id}`} item={item} />
        ))}
      </QueryState>
    </Stack>
  );
}
