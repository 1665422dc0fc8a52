import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, type ReactNode } from 'react';
import { closeModal, openModal } from '../../../components/modals';
import { t, type TLeafKey } from '../../../lib/i18n';
import type { accountEnUS } from '../i18n';
import '../i18n';

// Set PIN too: its form (react-hook-form, zod) was the signed-in shell's heaviest part.
const CreatePinModal = lazy(() =>
  import('./create-pin-modal').then((m) => ({ default: m.CreatePinModal })),
);
const UpdateAvatarModal = lazy(() =>
  import('./update-avatar-modal').then((m) => ({ default: m.UpdateAvatarModal })),
);
const ViewKycModal = lazy(() =>
  import('./view-kyc-modal').then((m) => ({ default: m.ViewKycModal })),
);
const ChangePasswordModal = lazy(() =>
  import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);

/** The account modals' ids on the shared stack. */
export const ACCOUNT_MODALS = {
  avatar: 'update-avatar',
  kyc: 'view-kyc',
  pin: 'create-pin',
  password: 'change-password',
} as const;

const loading = (
  <Center py="xl">
    <Loader size="sm" />
  </Center>
);

/** Each modal's body is its own chunk, loaded the first time it opens. */
const withSuspense = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;

const ta = (key: TLeafKey<typeof accountEnUS>) => t(`account:${key}`);

/**
 * Opens one of the account modals of the user drawer (spec §2). Set PIN also opens from the
 * money and trading screens that find no PIN: app/drawers-host hands `pin` to lib/drawers.
 */
export const openAccountModal = {
  avatar: () =>
    openModal({
      id: ACCOUNT_MODALS.avatar,
      title: ta('avatar.title'),
      hold: true,
      children: withSuspense(
        <UpdateAvatarModal onDone={() => closeModal(ACCOUNT_MODALS.avatar)} />,
      ),
    }),
  kyc: () =>
    openModal({
      id: ACCOUNT_MODALS.kyc,
      title: ta('viewKyc.title'),
      children: withSuspense(<ViewKycModal />),
    }),
  /** Set PIN; titled Change PIN for a client who has one (issue 31). */
  pin: (change = false) =>
    openModal({
      id: ACCOUNT_MODALS.pin,
      title: change ? ta('drawer.changePin') : ta('pin.title'),
      hold: true,
      children: withSuspense(<CreatePinModal onDone={() => closeModal(ACCOUNT_MODALS.pin)} />),
    }),
  password: () =>
    openModal({
      id: ACCOUNT_MODALS.password,
      title: ta('changePassword.title'),
      hold: true,
      children: withSuspense(<ChangePasswordModal />),
    }),
};
