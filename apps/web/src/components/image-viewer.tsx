import {
  ActionIcon,
  Box,
  getDefaultZIndex,
  Group,
  Image,
  Modal,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { type Dispatch, type ReactNode, type SetStateAction, useState } from 'react';
import { useTranslation } from '../lib/i18n';

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 4;
const STEP = 0.25;
const clamp = (value: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, value));

export interface ImageViewerProps {
  src: string;
  alt: string;
  /** What to click; defaults to a thumbnail of the image. */
  children?: ReactNode;
  thumbnailHeight?: number;
  onError?: () => void;
}

/** Zoom out, the level, zoom in and back to 100 %. */
function ZoomControls({
  zoom,
  setZoom,
}: {
  zoom: number;
  setZoom: Dispatch<SetStateAction<number>>;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="xs" mb="sm">
      <ActionIcon
        variant="default"
        aria-label={t('imageViewer.zoomOut')}
        onClick={() => setZoom((z) => clamp(z - STEP))}
        disabled={zoom <= MIN_ZOOM}
      >
        <IconZoomOut size={18} />
      </ActionIcon>
      <Text size="sm" w={64} ta="center" aria-live="polite">
        {t('imageViewer.zoomLevel', { percent: Math.round(zoom * 100) })}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={t('imageViewer.zoomIn')}
        onClick={() => setZoom((z) => clamp(z + STEP))}
        disabled={zoom >= MAX_ZOOM}
      >
        <IconZoomIn size={18} />
      </ActionIcon>
      <ActionIcon variant="default" aria-label={t('imageViewer.reset')} onClick={() => setZoom(1)}>
        <IconZoomReset size={18} />
      </ActionIcon>
    </Group>
  );
}

/**
 * Opens an image on click with zoom; Escape, backdrop click or the close button close
 * it, and the page does not scroll meanwhile (spec §2).
 */
export function ImageViewer({
  src,
  alt,
  children,
  thumbnailHeight = 120,
  onError,
}: ImageViewerProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [zoom, setZoom] = useState(1);
  const close = () => {
    setOpened(false);
    setZoom(1);
  };

  return (
    <>
      <UnstyledButton
        onClick={() => setOpened(true)}
        aria-label={t('imageViewer.open', { alt })}
        // Never wider than its box: a wide ID card's thumbnail was cut off at 375 px.
        maw="100%"
      >
        {children ?? (
          <Image
            src={src}
            alt={alt}
            h={thumbnailHeight}
            fit="contain"
            radius="sm"
            onError={onError}
          />
        )}
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={close}
        size="auto"
        centered
        title={alt}
        closeButtonProps={{ 'aria-label': t('imageViewer.close') }}
        lockScroll
        // Above the modal or drawer it opens from (Mantine's modals sit at 200, issue 31).
        zIndex={getDefaultZIndex('overlay')}
      >
        <ZoomControls zoom={zoom} setZoom={setZoom} />
        <Box
          style={{ overflow: 'auto', maxWidth: '90vw', maxHeight: '75vh' }}
          onWheel={(event) => setZoom((z) => clamp(z + (event.deltaY < 0 ? STEP : -STEP)))}
        >
          <img
            src={src}
            alt={alt}
            data-zoom={zoom}
            style={{
              display: 'block',
              maxWidth: '100%',
              transform: `scale(${zoom})`,
              transformOrigin: 'top left',
              transition: 'transform 150ms ease',
            }}
          />
        </Box>
      </Modal>
    </>
  );
}
