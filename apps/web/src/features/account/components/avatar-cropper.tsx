import { Box, Slider, Stack, Text } from '@mantine/core';
import Cropper, { type Area } from 'react-easy-crop';
import { useAccountTranslation } from '../i18n';

/** react-easy-crop zooms by pixelY × zoomSpeed / 200: one wheel notch (≈100 px) moves 0.1. */
const WHEEL_ZOOM_SPEED = 0.2;
const MAX_ZOOM = 3;

/** The 1:1 cropper over the chosen image, its hint and the zoom slider. */
export function AvatarCropper({
  image,
  crop,
  onCropChange,
  zoom,
  onZoomChange,
  onCropComplete,
  onImageError,
}: {
  image: string;
  crop: { x: number; y: number };
  onCropChange: (crop: { x: number; y: number }) => void;
  zoom: number;
  onZoomChange: (zoom: number) => void;
  onCropComplete: (pixels: Area) => void;
  onImageError: () => void;
}) {
  const { t } = useAccountTranslation();
  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        h={280}
        bg="dark.7"
        style={{ borderRadius: 8, overflow: 'hidden' }}
        data-testid="avatar-cropper"
      >
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          maxZoom={MAX_ZOOM}
          aspect={1}
          zoomSpeed={WHEEL_ZOOM_SPEED}
          onCropChange={onCropChange}
          onZoomChange={onZoomChange}
          onCropComplete={(_, pixels) => onCropComplete(pixels)}
          mediaProps={{ onError: onImageError }}
        />
      </Box>
      <Text size="xs" c="dimmed">
        {t('avatar.cropHint')}
      </Text>
      <Slider
        aria-label={t('avatar.zoom')}
        min={1}
        max={MAX_ZOOM}
        step={0.1}
        value={zoom}
        onChange={onZoomChange}
        label={null}
      />
    </Stack>
  );
}
