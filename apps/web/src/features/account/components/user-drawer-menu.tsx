import { M, type TClientProfile } from '@sampada/shared';
import { Badge, NavLink, Stack } from '@mantine/core';
import {
  IconBuildingBank,
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
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { openConfirm } from '../../../components/modals';
import { BANK_SECTION_PATH, paths } from '../../../config/paths';
import { logout } from '../../../lib/auth';
import { openCompensationApplication, openGlobalDrawer } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { useAccountTranslation } from '../i18n';
import { openAccountModal } from './account-modals';

type TProfile = TClientProfile | undefined;

type TMenuProps = {
  profile: TProfile;
  /** Closes the drawer as the chosen screen opens. */
  closing: (action: () => void) => () => void;
  /** Closes the drawer and runs `next` once it has finished closing. */
  closeThen: (next: () => void) => void;
};

/** Profile (avatar, KYC) and Security (PIN, password, two-step verification), folded. */
function ProfileSecurityLinks({ profile, closing, closeThen }: TMenuProps) {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const open = openAccountModal;
  return (
    <>
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
    </>
  );
}

/** The drawer's menu: profile, security, bank accounts, the flagged entries, support, logout. */
export function UserDrawerMenu({
  profile,
  unreadChat,
  closing,
  closeThen,
}: TMenuProps & { unreadChat: number }) {
  const { t } = useAccountTranslation();
  const navigate = useNavigate();
  const confirmLogout = () =>
    openConfirm({
      message: translateMessage(M.logoutConfirm),
      danger: true,
      onConfirm: () => void logout(),
    });
  return (
    <Stack gap={2}>
      <ProfileSecurityLinks profile={profile} closing={closing} closeThen={closeThen} />
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
        onClick={confirmLogout}
      />
    </Stack>
  );
}
