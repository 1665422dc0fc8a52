import type { TClientProfile } from '@sampada/shared';
import { Badge, Group, Rating, Stack, Text, UnstyledButton } from '@mantine/core';
import { AvatarFallback } from '../../../components/avatar-fallback';
import { CopyButton } from '../../../components/copy-button';
import { useAccountTranslation } from '../i18n';

type TProfile = TClientProfile | undefined;

/** The avatar, names and UID, then the VIP level and score that lead to Score Info. */
export function UserDrawerHeader({
  profile,
  onScoreInfo,
}: {
  profile: TProfile;
  onScoreInfo: () => void;
}) {
  const { t } = useAccountTranslation();
  const displayName = profile?.name || profile?.username || '';
  return (
    <>
      <Group wrap="nowrap" gap="md">
        <AvatarFallback src={profile?.avatar} name={displayName} size={64} radius={999} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" truncate="end">
            {displayName || t('drawer.noUsername')}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {profile?.username || t('drawer.noUsername')}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('drawer.uid')}: <span data-testid="drawer-uid">{profile?.id}</span>
            </Text>
            {profile?.id && <CopyButton value={profile.id} label={t('drawer.uid')} />}
          </Group>
        </Stack>
      </Group>

      {/* Both lead to Score Info, which explains them from the stored parts and tiers. */}
      <Group justify="space-between">
        <UnstyledButton
          onClick={onScoreInfo}
          aria-label={t('drawer.vipInfo')}
          data-testid="drawer-vip"
        >
          <Badge variant="light" color="yellow" size="lg" style={{ cursor: 'pointer' }}>
            {t('drawer.vip', { level: profile?.vip ?? 0 })}
          </Badge>
        </UnstyledButton>
        <UnstyledButton
          onClick={onScoreInfo}
          aria-label={t('drawer.scoreInfo')}
          data-testid="drawer-score"
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('drawer.score')}
            </Text>
            <Rating value={(profile?.score ?? 0) / 20} fractions={4} readOnly size="sm" />
            <Text size="sm" fw={500}>
              {t('drawer.scoreValue', { score: profile?.score ?? 0 })}
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
    </>
  );
}
