import { Button, Card, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';

/** Formats the server decodes; it still judges the file by its content. */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * The article's picture with a preview: the stored image, or a picked file that will be
 * uploaded when a new article is first saved.
 */
export function ArticleImageField({
  src,
  pending,
  busy,
  onPick,
  onRemove,
}: {
  src: string | null;
  /** True while the preview shows a file not uploaded yet. */
  pending: boolean;
  busy: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Image
      </Title>
      <Stack gap="sm">
        {src ? (
          <Image src={src} alt="Article image preview" radius="sm" mah={240} fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No image. Clients see the article without a picture.
          </Text>
        )}
        {pending ? (
          <Text size="xs" c="dimmed">
            Uploaded when the article is saved.
          </Text>
        ) : null}
        <Group gap="xs">
          <FileButton onChange={(file) => file && onPick(file)} accept={ACCEPT}>
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
