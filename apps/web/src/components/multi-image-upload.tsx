import '@mantine/dropzone/styles.css';
import { MULTI_IMAGE_MAX } from '@sampada/shared';
import { ActionIcon, Box, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../lib/i18n';

export interface MultiImageUploadProps {
  value: File[];
  onChange: (files: File[]) => void;
  /** Default 10 (spec §5); files beyond it are cut off. */
  max?: number;
  disabled?: boolean;
}

/** Keeps only image files and cuts the list at `max` (spec §5 multi-image upload). */
export function mergeImages(current: File[], added: File[], max: number): File[] {
  return [...current, ...added.filter((file) => file.type.startsWith('image/'))].slice(0, max);
}

/** Several images at once, with thumbnails and remove buttons. */
export function MultiImageUpload({
  value,
  onChange,
  max = MULTI_IMAGE_MAX,
  disabled,
}: MultiImageUploadProps) {
  const { t } = useTranslation();
  const previews = useMemo(() => value.map((file) => URL.createObjectURL(file)), [value]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const full = value.length >= max;

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => onChange(mergeImages(value, files, max))}
        onReject={(rejections) =>
          onChange(
            mergeImages(
              value,
              rejections.map((r) => r.file),
              max,
            ),
          )
        }
        accept={{ 'image/*': [] }}
        multiple
        disabled={disabled || full}
        data-testid="multi-image-dropzone"
      >
        <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
          <IconPhotoPlus size={32} stroke={1.5} />
          <Text size="sm">{full ? t('upload.limitReached', { max }) : t('upload.drop')}</Text>
          <Text size="xs" c="dimmed">
            {t('upload.hint', { max })}
          </Text>
        </Stack>
      </Dropzone>
      {value.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
          {value.map((file, index) => (
            <Box key={`${file.name}-${index}`} pos="relative">
              <Image src={previews[index]} alt={file.name} h={72} fit="cover" radius="sm" />
              <ActionIcon
                size="xs"
                color="red"
                variant="filled"
                pos="absolute"
                top={4}
                right={4}
                aria-label={t('upload.remove', { index: index + 1 })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <IconX size={12} />
              </ActionIcon>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
