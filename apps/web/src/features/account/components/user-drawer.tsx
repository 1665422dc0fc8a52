import { DRAWER_VERSION, M, USER_DRAWER_WIDTH } from '@sampada/shared';
import {
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  NavLink,
  Rating,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBuildingBank,
  IconCash,
  IconDeviceMobileCheck,
  IconGift,
  IconHeadset,
  IconId,
  IconKey,
  IconLogout,
  IconPassword,
  IconPhoto,
  IconReceiptRefund,
  IconShieldLock,
  IconUserCircle,
  IconWallet,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AvatarFallback } from '../../../components/avatar-fallback';
import { CopyButton } from '../../../components/copy-button';
import { DisplayPreferences } from '../../../components/display-preferences';
import { openConfirm } from '../../../components/modals';
import { BANK_SECTION_PATH, paths } from '../../../config/paths';
import { logout, useProfile } from '../../../lib/auth';
import { useChatUnread } from '../../../lib/chat-unread';
import { openCompensationApplication, openGlobalDrawer } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAccountTranslation } from '../i18n';
import { openAccountModal } from './account-modals';

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

  const open = {
    ...openAccountModal,
    logout: () =>
      openConfirm({
        message: translateMessage(M.logoutConfirm),
        danger: true,
        onConfirm: () => void logout(),
      }),
  };

  const displayName = profile?.name || profile?.username || '';
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
            onClick={closing(() => void navigate(paths.scoreInfo))}
            aria-label={t('drawer.vipInfo')}
            data-testid="drawer-vip"
          >
            <Badge variant="light" color="yellow" size="lg" style={{ cursor: 'pointer' }}>
              {t('drawer.vip', { level: profile?.vip ?? 0 })}
            </Badge>
          </UnstyledButton>
          <UnstyledButton
            onClick={closing(() => void navigate(paths.scoreInfo))}
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

        <Stack gap={2}>
          <NavLink
            label={t('drawer.profile')}
            leftSection={<IconUserCircle size={20} />}
            childrenOffset={28}
          >
            <NavLink
              label={t('drawer.updateAvatar')}
              leftSection={<IconPhoto size={18} />}
              onClick={closing(open.avatar)}
            />
            <NavLink
              label={t('drawer.viewKyc')}
              leftSection={<IconId size={18} />}
              onClick={closing(open.kyc)}
            />
          </NavLink>
          <NavLink
            label={t('drawer.security')}
            leftSection={<IconShieldLock size={20} />}
            childrenOffset={28}
          >
            <NavLink
              label={profile?.has_pin ? t('drawer.changePin') : t('drawer.setPin')}
              leftSection={<IconKey size={18} />}
              onClick={closing(() => open.pin(profile?.has_pin === true))}
            />
            <NavLink
              label={t('drawer.changePassword')}
              leftSection={<IconPassword size={18} />}
              onClick={closing(open.password)}
            />
            <NavLink
              label={t('drawer.twoFactor')}
              leftSection={<IconDeviceMobileCheck size={18} />}
              onClick={() => closeThen(() => void navigate(paths.me.security))}
            />
          </NavLink>
          <NavLink
            label={t('drawer.bankAccounts')}
            leftSection={<IconBuildingBank size={20} />}
            onClick={() => closeThen(() => void navigate(BANK_SECTION_PATH))}
          />
          {/* Capability flags (spec §3): the entries appear only when the flag is on. */}
          {profile?.allow_compensation && (
            <NavLink
              label={t('drawer.compensation')}
              leftSection={<IconReceiptRefund size={20} />}
              onClick={closing(openCompensationApplication)}
              data-testid="drawer-compensation"
            />
          )}
          {profile?.allow_bonus && (
            <NavLink
              label={t('drawer.offers')}
              leftSection={<IconGift size={20} />}
              onClick={() => closeThen(() => void navigate('/offers'))}
              data-testid="drawer-offers"
            />
          )}
          <NavLink
            label={t('drawer.customerService')}
            leftSection={<IconHeadset size={20} />}
            rightSection={
              unreadChat > 0 ? (
                <Badge size="sm" color="red" circle data-testid="chat-unread-drawer">
                  {unreadChat}
                </Badge>
              ) : null
            }
            onClick={closing(() => openGlobalDrawer('support'))}
          />
          <NavLink
            label={t('drawer.logout')}
            leftSection={<IconLogout size={20} />}
            c="red"
            onClick={open.logout}
          />
        </Stack>

        <Divider />
        <DisplayPreferences />

        <Text size="xs" c="dimmed" ta="center" mt="auto" pt="md" data-testid="drawer-version">
          {t('drawer.version', { version: DRAWER_VERSION })}
        </Text>
      </Stack>
    </Drawer>
  );
}
