import type { TClientSession } from '@sampada/shared';
import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { openConfirm } from '../../../components/modals';
import { formatDateTime } from '../../../lib/datetime';
import { toastSuccess } from '../../../lib/notify';
import { sessionsQuery, useEndOtherSessions, useEndSession } from '../api/security';
import { useSecurityTranslation } from '../i18n';

/** 'Android · Chrome', 'Windows', or 'Unknown device' when the browser did not say. */
function useDeviceName() {
  const { t } = useSecurityTranslation();
  return (session: TClientSession) =>
    [session.device, session.browser].filter(Boolean).join(' · ') || t('sessions.unknownDevice');
}

function SessionRow({ session }: { session: TClientSession }) {
  const { t } = useSecurityTranslation();
  const deviceName = useDeviceName()(session);
  const end = useEndSession();
  // Where it was last seen, said even when unknown: a blank would read as "nothing to check".
  const where = [
    session.place ?? t('sessions.unknownPlace'),
    session.ip && t('sessions.ip', { ip: session.ip }),
  ]
    .filter(Boolean)
    .join(' · ');
  const signOut = () =>
    openConfirm({
      title: t('sessions.signOutOne', { device: deviceName }),
      message: t('sessions.confirmOne', { device: deviceName }),
      confirmLabel: t('sessions.signOut'),
      danger: true,
      onConfirm: () =>
        end.mutate(session.id, { onSuccess: () => toastSuccess(t('sessions.endedOne')) }),
    });
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="session-row"
      data-current={session.current || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{deviceName}</Text>
            {session.current && (
              <Badge size="sm" variant="light" color="teal">
                {t('sessions.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="session-where">
            {where}
          </Text>
          <Text size="sm">
            {t('sessions.lastActive', { time: formatDateTime(session.last_seen_at) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('sessions.signedIn', { time: formatDateTime(session.signed_in_at) })}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={signOut}
            loading={end.isPending}
            // The device's text wraps; the button keeps its width (it was cut to "Sign o" at 375 px).
            style={{ flexShrink: 0 }}
            aria-label={t('sessions.signOutOne', { device: deviceName })}
          >
            {t('sessions.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** The client's live sessions, this device first marked; sign out one or all the others. */
export function SessionsSection() {
  const { t } = useSecurityTranslation();
  const sessions = useQuery(sessionsQuery());
  const endOthers = useEndOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  const signOutOthers = () =>
    openConfirm({
      title: t('sessions.signOutOthers'),
      message: t('sessions.confirmOthers'),
      confirmLabel: t('sessions.signOut'),
      danger: true,
      onConfirm: () =>
        endOthers.mutate(undefined, {
          onSuccess: (count) => toastSuccess(t('sessions.endedOthers', { count })),
        }),
    });
  // This device first, then the others as the server ordered them (newest sign-in first).
  const ordered = [...list].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="sessions-title">
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap">
          <IconDevices size={22} aria-hidden />
          <Title order={2} size="h4" id="sessions-title">
            {t('sessions.title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('sessions.text')}
        </Text>
        {sessions.isPending ? (
          <Loader size="sm" />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {ordered.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </Stack>
        )}
        {sessions.isSuccess &&
          (others > 0 ? (
            <Button
              variant="outline"
              color="red"
              onClick={signOutOthers}
              loading={endOthers.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('sessions.signOutOthers')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('sessions.empty')}
            </Text>
          ))}
        {/* CC-BY-4.0: a screen showing DB-IP's places links back to them. */}
        <Anchor href="https://db-ip.com" target="_blank" rel="noopener noreferrer" size="xs">
          {t('sessions.placesBy')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
