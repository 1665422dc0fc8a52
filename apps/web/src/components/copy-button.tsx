import { COPY_RESET_MS, M } from '@sampada/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { toast } from '../lib/notify';

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the '{label} has copied' toast (spec §8). */
  label: string;
}

/** Copies a value to the clipboard; the tick shows for 2 s (spec §9). */
export function CopyButton({ value, label }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_RESET_MS);
      toast({ type: 'success', message: t('copy.copied', { label }) });
    } catch (error) {
      console.error('Copy failed', error);
      toast({ type: 'error', message: M.copyFailed });
    }
  };

  return (
    <Tooltip label={copied ? t('copy.done') : t('copy.copy', { label })} withArrow>
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        size="sm"
        onClick={copy}
        aria-label={t('copy.copy', { label })}
        data-copied={copied || undefined}
      >
        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
