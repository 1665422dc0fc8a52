import { ActionIcon, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { setShowAssets, useAppSettings } from '../lib/app-settings';
import { useTranslation } from '../lib/i18n';

/** The eye toggle (spec §3 showAssets): hides every amount of the client's as '****'. */
export function ShowAssetsToggle({ testId = 'show-assets-toggle' }: { testId?: string }) {
  const { t } = useTranslation();
  const { showAssets } = useAppSettings();
  const label = showAssets ? t('amounts.hide') : t('amounts.show');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-pressed={!showAssets}
        onClick={() => setShowAssets(!showAssets)}
        data-testid={testId}
      >
        {showAssets ? <IconEye size={20} aria-hidden /> : <IconEyeOff size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}
