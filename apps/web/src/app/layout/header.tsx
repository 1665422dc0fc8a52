import { Box, Group, Indicator, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { AvatarFallback } from '../../components/avatar-fallback';
import { paths } from '../../config/paths';
import { SearchTrigger } from '../../features/search/components/search-trigger';
import { useProfile } from '../../lib/auth';
import { useChatUnread } from '../../lib/chat-unread';
import { useTranslation } from '../../lib/i18n';
import { useAppName } from '../../lib/system-settings';
import { PHONE_QUERY } from '../../lib/use-is-phone';
import { NotificationsBell } from './notifications-bell';

/** Header: brand, the stock search box (spec §2) and the avatar that opens the user drawer. */
export function Header({ onOpenUserDrawer }: { onOpenUserDrawer: () => void }) {
  const { t } = useTranslation();
  const appName = useAppName();
  const { data: profile } = useProfile();
  const unreadChat = useChatUnread();
  const isMobile = Boolean(
    useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }),
  );
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <UnstyledButton
        component={Link}
        to={paths.dashboard}
        style={{ display: 'flex', alignItems: 'center', gap: 8 }}
      >
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fw={700} size="lg" c="var(--sampada-brand)">
          {appName}
        </Text>
      </UnstyledButton>
      <Box
        id="header-search-slot"
        data-slot="header-search"
        style={{ flex: 1, maxWidth: 420, minWidth: 0 }}
      >
        <SearchTrigger compact={isMobile} />
      </Box>
      <Group gap={4} wrap="nowrap">
        <NotificationsBell />
        <UnstyledButton
          onClick={onOpenUserDrawer}
          aria-label={t('header.openUserMenu')}
          data-testid="user-avatar"
        >
          <Indicator
            label={unreadChat}
            disabled={unreadChat === 0}
            size={16}
            color="red"
            offset={4}
            data-testid="chat-unread-avatar"
          >
            <AvatarFallback
              src={profile?.avatar}
              name={profile?.name || profile?.username}
              radius="xl"
              size={36}
            />
          </Indicator>
        </UnstyledButton>
      </Group>
    </Group>
  );
}
