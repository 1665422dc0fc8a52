import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconPlus } from '@tabler/icons-react';
import { openGlobalDrawer } from '../lib/drawers';
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

/** Deposit and the eye toggle side by side: beside the title of every view of the client's money. */
export function DepositAndEye({
  label,
  testId,
  eyeTestId,
}: {
  label: string;
  testId: string;
  eyeTestId?: string;
}) {
  return (
    <Group gap="xs">
      <Button
        size="compact-sm"
        leftSection={<IconPlus size={14} />}
        onClick={() => openGlobalDrawer('deposit')}
        data-testid={testId}
      >
        {label}
      </Button>
      <ShowAssetsToggle testId={eyeTestId} />
    </Group>
  );
}
