import { DRAWER_VERSION, USER_DRAWER_WIDTH } from '@sampada/shared';
import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconCash, IconWallet } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { DisplayPreferences } from '../../../components/display-preferences';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../lib/auth';
import { useChatUnread } from '../../../lib/chat-unread';
import { openGlobalDrawer } from '../../../lib/drawers';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAccountTranslation } from '../i18n';
import { UserDrawerHeader } from './user-drawer-header';
import { UserDrawerMenu } from './user-drawer-menu';

export interface UserDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** Full width under 768 px, otherwise 400 px (spec §2). */
  fullWidth: boolean;
}

/** The user drawer of spec §2 "Header and user drawer". */
export function UserDrawer({ opened, onClose, fullWidth }: UserDrawerProps) {
  const { t } = useAccountTranslation();
  const unreadChat = useChatUnread();
  const navigate = useNavigate();
  // The VIP level and score are recomputed on the server as money and trades move: opening
  // the drawer reads the stored values afresh (one client_info call).
  useEffect(() => {
    if (opened) void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  }, [opened]);
  const { data: profile } = useProfile();
  const afterClose = useRef<(() => void) | null>(null);

  /** Closes the drawer and runs `next` once it has finished closing (spec §2). */
  const closeThen = (next: () => void) => {
    afterClose.current = next;
    onClose();
  };

  /** Closes the drawer as the chosen screen opens (one Escape would otherwise close both). */
  const closing = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={fullWidth ? '100%' : USER_DRAWER_WIDTH}
      title={t('drawer.title')}
      onExitTransitionEnd={() => {
        const next = afterClose.current;
        afterClose.current = null;
        next?.();
      }}
      styles={{
        body: { display: 'flex', flexDirection: 'column', minHeight: 'calc(100% - 60px)' },
      }}
      data-testid="user-drawer"
    >
      <Stack gap="md" style={{ flex: 1 }}>
        <UserDrawerHeader
          profile={profile}
          onScoreInfo={closing(() => void navigate(paths.scoreInfo))}
        />

        <Group grow>
          <Button
            leftSection={<IconWallet size={18} />}
            onClick={closing(() => openGlobalDrawer('deposit'))}
          >
            {t('drawer.deposit')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCash size={18} />}
            onClick={closing(() => openGlobalDrawer('withdraw'))}
          >
            {t('drawer.withdraw')}
          </Button>
        </Group>

        <Divider />

        <UserDrawerMenu
          profile={profile}
          unreadChat={unreadChat}
          closing={closing}
          closeThen={closeThen}
        />

        <Divider />
        <DisplayPreferences />

        <Text size="xs" c="dimmed" ta="center" mt="auto" pt="md" data-testid="drawer-version">
          {t('drawer.version', { version: DRAWER_VERSION })}
        </Text>
      </Stack>
    </Drawer>
  );
}
