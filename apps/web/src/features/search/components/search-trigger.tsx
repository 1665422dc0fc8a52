import { Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { M } from '@sampada/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppSettings } from '../../../lib/app-settings';
import { useMountWhenOpened } from '../../../lib/use-mount-when-opened';
import { translateMessage } from '../../../lib/i18n';
import { useSearchTranslation } from '../i18n';
import { SearchOverlay } from './search-overlay';

/**
 * The header's search box (spec §2): a click or Ctrl/Cmd+K opens the search overlay. The
 * shortcut works even while another field has focus.
 */
export function SearchTrigger({ compact = false }: { compact?: boolean }) {
  const { t } = useSearchTranslation();
  const { os } = useAppSettings();
  const [opened, setOpened] = useState(false);
  const overlay = useMountWhenOpened(opened);
  const open = () => setOpened(true);
  useHotkeys(
    [
      ['ctrl+K', open],
      ['meta+K', open],
    ],
    [],
  );
  const keys = os === 'Mac' ? '⌘ K' : 'Ctrl K';
  return (
    <>
      <UnstyledButton
        onClick={open}
        aria-label={t('open')}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title={t('shortcutHint', { keys })}
        data-testid="search-trigger"
        w="100%"
        px="sm"
        h={36}
        style={{
          // Mantine's input colours, so the box follows light and dark like every field.
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-default)',
        }}
      >
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconSearch size={16} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text size="sm" c="dimmed" truncate>
              {translateMessage(M.searchPlaceholder)}
            </Text>
          </Group>
          {!compact && (
            <Kbd size="xs" aria-hidden>
              {keys}
            </Kbd>
          )}
        </Group>
      </UnstyledButton>
      {overlay.mounted && (
        <SearchOverlay
          opened={overlay.opened}
          onClose={() => setOpened(false)}
          fullScreen={compact}
        />
      )}
    </>
  );
}
