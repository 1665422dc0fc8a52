import { MODAL_WIDTH } from '@sampada/shared';
import { ModalsProvider } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { modalsHost } from '../components/modals';
import { useTranslation } from '../lib/i18n';
import { PHONE_QUERY } from '../lib/use-is-phone';

/** Modals opened through the manager sit 40 px from the top (spec §9). */
const MANAGER_GAP = 40;

/**
 * The modal stack, loaded with the first modal (components/modals.tsx). Its effect runs
 * after the provider's own, so `mounted()` means the stack already listens.
 */
export default function ModalsHost() {
  const { t } = useTranslation();
  // Under 768 px modals are full-screen (spec §2).
  const isMobile = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  useEffect(() => modalsHost.mounted(), []);
  return (
    <ModalsProvider
      modalProps={{
        // Mobile under 768 px gets full-screen modals (spec §2).
        fullScreen: Boolean(isMobile),
        size: MODAL_WIDTH,
        yOffset: MANAGER_GAP,
        withCloseButton: true,
      }}
      labels={{ confirm: t('confirm.confirm'), cancel: t('confirm.cancel') }}
    />
  );
}
