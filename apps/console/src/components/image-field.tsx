import { Alert, Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';

/** Formats the server decodes; it still judges the file by its content. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * A record's picture with a preview (news articles, offers): the stored image, or a picked
 * file that is uploaded when the new record is first saved; replace and remove; the last
 * refusal under it. `subject` names the record in the texts ('article' → 'Article image
 * preview', 'Uploaded when the article is saved.').
 */
export function ImageField({
  subject,
  src,
  pending,
  busy,
  error,
  onPick,
  onRemove,
}: {
  subject: string;
  src: string | null;
  /** True while the preview shows a file not uploaded yet. */
  pending: boolean;
  busy: boolean;
  error?: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const Subject = subject.charAt(0).toUpperCase() + subject.slice(1);
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Image
      </Title>
      <Stack gap="sm">
        {src ? (
          <Image src={src} alt={`${Subject} image preview`} radius="sm" mah={240} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No image. Clients see the {subject} without a picture.
          </Text>
        )}
        {pending ? (
          <Text size="xs" c="dimmed">
            Uploaded when the {subject} is saved.
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" data-testid="image-error">
            {error}
          </Alert>
        ) : null}
        <Group gap="xs">
          <FileButton onChange={(file) => file && onPick(file)} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                loading={busy}
                leftSection={<IconPhoto size={16} />}
              >
                {src ? 'Replace image' : 'Choose image'}
              </Button>
            )}
          </FileButton>
          {src ? (
            <Button
              variant="subtle"
              color="red"
              disabled={busy}
              leftSection={<IconTrash size={16} />}
              onClick={onRemove}
            >
              Remove
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          JPEG, PNG, WebP, GIF or AVIF, at least 200 pixels on the short side.
        </Text>
      </Stack>
    </Card>
  );
}
