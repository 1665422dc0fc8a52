import '@mantine/dropzone/styles.css';
import { KYC_IMAGE_MAX_BYTES, M } from '@sampada/shared';
import { Box, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCircleCheck, IconId } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ImageViewer } from '../../../components/image-viewer';
import { translateMessage } from '../../../lib/i18n';
import { type TIdSide, uploadIdImage } from '../api/upload-id-image';
import { useKycTranslation } from '../i18n';

/** Spec §5: images only, smaller than 20 MB. Returns the message to show, or null. */
export function checkIdImage(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return M.onlyImages;
  if (file.size >= KYC_IMAGE_MAX_BYTES) return M.imageTooLarge;
  return null;
}

export interface IdImageUploadProps {
  side: TIdSide;
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}

/** One side of the ID: choose one image, it uploads at once and its url joins the form. */
export function IdImageUpload({ side, label, value, onChange, error }: IdImageUploadProps) {
  const { t } = useKycTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const invalid = checkIdImage(file);
    setProblem(invalid);
    if (invalid) return;
    setUploading(true);
    const url = await uploadIdImage(file, side);
    setUploading(false);
    if (!url) return;
    setPreview(URL.createObjectURL(file));
    onChange(url);
  };

  const message = problem ?? error;
  return (
    <Input.Wrapper label={label} error={message ? translateMessage(message) : undefined} required>
      <Stack gap={6} mt={4}>
        <Dropzone
          onDrop={(files) => void choose(files)}
          onReject={() => setProblem(M.onlyImages)}
          accept={['image/*']}
          multiple={false}
          maxFiles={1}
          loading={uploading}
          name={`id_${side}`}
          data-testid={`id-${side}-dropzone`}
          aria-label={label}
        >
          <Group justify="center" gap="sm" mih={96} style={{ pointerEvents: 'none' }}>
            {value && preview ? (
              <IconCircleCheck size={28} color="var(--mantine-color-teal-6)" />
            ) : (
              <IconId size={28} stroke={1.5} />
            )}
            <Text size="sm">
              {uploading ? t('id.uploading') : value ? t('id.replace') : t('id.choose')}
            </Text>
          </Group>
        </Dropzone>
        {uploading && <Loader size="xs" />}
        {value && preview && (
          <Box>
            <ImageViewer src={preview} alt={label}>
              <Image src={preview} alt={label} h={96} w="auto" fit="contain" radius="sm" />
            </ImageViewer>
            <Text size="xs" c="teal">
              {t('id.uploaded')}
            </Text>
          </Box>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
