import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyButton } from '../copy-button';
import { useTwoFactorTranslation } from './i18n';

/** Recovery codes, shown once: the reader confirms they kept them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTwoFactorTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <Alert
        color="teal"
        icon={<IconShieldCheck size={20} />}
        title={
          <Group gap={6} wrap="nowrap">
            <span>{t('recovery.title')}</span>
            <CopyButton value={codes.join('\n')} label={t('recovery.copyLabel')} />
          </Group>
        }
      >
        <Stack gap="sm">
          <Text size="sm">{t('recovery.hint')}</Text>
          <SimpleGrid
            cols={2}
            spacing="xs"
            data-testid="recovery-codes"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {codes.map((code) => (
              <Text component="li" key={code} ff="monospace" fw={600} ta="center">
                {code}
              </Text>
            ))}
          </SimpleGrid>
        </Stack>
      </Alert>
      <Checkbox
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
        label={t('recovery.saved')}
      />
      <Button onClick={onDone} disabled={!saved} fullWidth>
        {t('recovery.done')}
      </Button>
    </Stack>
  );
}
