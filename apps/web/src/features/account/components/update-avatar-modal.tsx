import { M } from '@sampada/shared';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useReducer, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { AvatarFallback } from '../../../components/avatar-fallback';
import { useProfile } from '../../../lib/auth';
import { toast } from '../../../lib/notify';
import { uploadAvatar } from '../api/upload-avatar';
import { useAccountTranslation } from '../i18n';
import { AvatarCropper } from './avatar-cropper';
import { cropToJpeg, dataUrlToFile, workingImage } from './avatar-image';

/** Cropper settings of spec §9. */
export const CROP_DEBOUNCE_MS = 500;

export interface TAvatarState {
  fileName: string | null;
  /** The working copy the cropper shows. */
  image: string | null;
  /** The cropped square as a JPEG data URL. */
  preview: string | null;
  uploading: boolean;
}

export type TAvatarAction =
  | { type: 'choose'; fileName: string }
  | { type: 'imageReady'; image: string }
  | { type: 'imageFailed' }
  | { type: 'cropped'; preview: string }
  | { type: 'uploadStart' }
  | { type: 'uploadFailed' };

export const initialAvatarState: TAvatarState = {
  fileName: null,
  image: null,
  preview: null,
  uploading: false,
};

/**
 * Spec §4 avatar modal: no image → image chosen (cropper) → crop made (preview) →
 * uploading → success (the modal closes) or failure (button enabled again). Choosing a new
 * file clears the preview.
 */
export function avatarReducer(state: TAvatarState, action: TAvatarAction): TAvatarState {
  switch (action.type) {
    case 'choose':
      return { fileName: action.fileName, image: null, preview: null, uploading: false };
    case 'imageReady':
      return { ...state, image: action.image, preview: null };
    case 'imageFailed':
      return { ...state, image: null, preview: null };
    case 'cropped':
      return state.image && !state.uploading ? { ...state, preview: action.preview } : state;
    case 'uploadStart':
      return state.preview ? { ...state, uploading: true } : state;
    case 'uploadFailed':
      return { ...state, uploading: false };
  }
}

/** The modal's states, the cropper's position and zoom, and choosing, cropping, uploading. */
function useAvatarEditor(onDone: () => void) {
  const [state, dispatch] = useReducer(avatarReducer, initialAvatarState);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);

  const makePreview = useDebouncedCallback(async (image: string, area: Area) => {
    try {
      dispatch({ type: 'cropped', preview: await cropToJpeg(image, area) });
    } catch (error) {
      console.error('Crop failed', error);
    }
  }, CROP_DEBOUNCE_MS);

  const choose = async (file: File | null) => {
    if (!file) return;
    dispatch({ type: 'choose', fileName: file.name });
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    try {
      if (!file.type.startsWith('image/')) throw new Error();
      dispatch({ type: 'imageReady', image: await workingImage(file) });
    } catch {
      // The cropper could not load the image: an error with no message (spec §8).
      cropperImageFailed();
    }
  };

  const cropperImageFailed = () => {
    console.error(new Error());
    dispatch({ type: 'imageFailed' });
  };

  const upload = async () => {
    if (!state.preview || state.uploading) return;
    const file = dataUrlToFile(state.preview);
    // A crop that cannot become a file stops the upload silently (spec §8).
    if (!file) return;
    dispatch({ type: 'uploadStart' });
    try {
      await uploadAvatar(file);
      toast({ type: 'success', message: M.avatarUploaded });
      onDone();
    } catch (error) {
      console.error('Avatar upload failed', error);
      toast({ type: 'error', message: M.avatarUploadFailed });
      dispatch({ type: 'uploadFailed' });
    }
  };

  return { state, crop, setCrop, zoom, setZoom, makePreview, choose, cropperImageFailed, upload };
}

/** Update Avatar: choose, crop 1:1, preview round, upload avatar.jpg (spec §2, §4). */
export function UpdateAvatarModal({ onDone }: { onDone: () => void }) {
  const { t } = useAccountTranslation();
  const { data: profile } = useProfile();
  const { state, crop, setCrop, zoom, setZoom, makePreview, choose, cropperImageFailed, upload } =
    useAvatarEditor(onDone);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <FileButton onChange={(file) => void choose(file)} accept="image/*">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhoto size={18} />}
              disabled={state.uploading}
            >
              {t('avatar.choose')}
            </Button>
          )}
        </FileButton>
        <Text
          size="sm"
          c={state.fileName ? undefined : 'dimmed'}
          truncate="end"
          maw={220}
          data-testid="avatar-file-name"
        >
          {state.fileName ?? t('avatar.noFile')}
        </Text>
      </Group>

      {state.image && (
        <AvatarCropper
          image={state.image}
          crop={crop}
          onCropChange={setCrop}
          zoom={zoom}
          onZoomChange={setZoom}
          onCropComplete={(pixels) => void makePreview(state.image!, pixels)}
          onImageError={cropperImageFailed}
        />
      )}

      <Stack align="center" gap={6}>
        <AvatarFallback
          src={state.preview ?? profile?.avatar}
          name={profile?.name || profile?.username}
          size={96}
          radius={999}
          data-testid="avatar-preview"
        />
        <Text size="sm" c="dimmed" data-testid="avatar-caption">
          {state.preview ? t('avatar.preview') : t('avatar.existing')}
        </Text>
      </Stack>

      <Button onClick={() => void upload()} disabled={!state.preview || state.uploading} fullWidth>
        {state.uploading ? t('avatar.uploading') : t('avatar.upload')}
      </Button>
    </Stack>
  );
}
