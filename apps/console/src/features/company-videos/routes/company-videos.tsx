import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  FileButton,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { COMPANY_VIDEO_MAX_BYTES, VideoMessage } from '@sampada/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCompanyVideos, useVideoMutations } from '../api/videos';

const MAX_MB = COMPANY_VIDEO_MAX_BYTES / 1024 / 1024;
const ZUpload = z.object({
  symbol: z
    .string()
    .trim()
    .min(1, 'Enter the company’s NSE symbol.')
    .max(32, VideoMessage.companyUnknown)
    .transform((v) => v.toUpperCase()),
});
type TUpload = z.input<typeof ZUpload>;

const sizeOf = (bytes: number | null) =>
  bytes === null
    ? '—'
    : `${(bytes / 1024 / 1024).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;

/** Company videos: a short MP4 per company, played in the client app's company introduction. */
export function CompanyVideosPage() {
  const videos = useCompanyVideos();
  const { upload, remove } = useVideoMutations();
  const form = useForm<TUpload>({ resolver: zodResolver(ZUpload), defaultValues: { symbol: '' } });

  const send = (file: File | null) =>
    form.handleSubmit(({ symbol }) => {
      if (!file) return;
      // Checked here to spare the upload; the server checks the size and the content again.
      if (file.size > COMPANY_VIDEO_MAX_BYTES) return notifyError(VideoMessage.tooLarge);
      upload.mutate(
        { symbol: symbol.trim().toUpperCase(), file },
        {
          onSuccess: ({ message }) => {
            notifySuccess(message);
            form.reset();
          },
          onError: notifyError,
        },
      );
    })();

  return (
    <>
      <PageHeader
        title="Company videos"
        description="A short MP4 per company, played in the client app's company introduction"
      />
      <Card withBorder mb="lg" maw={560}>
        <Stack>
          <Title order={4}>Upload a video</Title>
          <TextInput
            label="NSE symbol"
            placeholder="TCS"
            {...form.register('symbol')}
            error={form.formState.errors.symbol?.message}
            data-testid="video-symbol"
          />
          <Group>
            <FileButton onChange={send} accept="video/mp4">
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                  data-testid="video-choose"
                >
                  Choose MP4 and upload
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="xs" c="dimmed">
            MP4 only (checked by its content), at most {MAX_MB} MB. A new upload replaces the
            company&apos;s video.
          </Text>
        </Stack>
      </Card>
      <QueryState isPending={videos.isPending} error={videos.error}>
        <ListTable
          minWidth={640}
          columns={['Company', 'Video', 'Size', 'Uploaded', '']}
          empty={videos.data?.length ? undefined : 'No company has a video yet.'}
        >
          {videos.data?.map((video) => (
            <VideoRow
              key={video.symbol}
              video={video}
              removing={remove.isPending && remove.variables === video.symbol}
              onRemove={() =>
                remove.mutate(video.symbol, {
                  onSuccess: ({ message }) => notifySuccess(message),
                  onError: notifyError,
                })
              }
            />
          ))}
        </ListTable>
      </QueryState>
    </>
  );
}

type TCompanyVideo = NonNullable<ReturnType<typeof useCompanyVideos>['data']>[number];

/** One company's video, playable, with Remove. */
function VideoRow({
  video,
  removing,
  onRemove,
}: {
  video: TCompanyVideo;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <Table.Tr data-testid={`video-row-${video.symbol}`}>
      <Table.Td>
        <Text fw={600}>{video.symbol}</Text>
        <Text size="xs" c="dimmed">
          {video.name}
        </Text>
      </Table.Td>
      <Table.Td>
        {video.url ? (
          <video
            src={video.url}
            controls
            preload="metadata"
            width={200}
            aria-label={`${video.name}: company video`}
          />
        ) : null}
      </Table.Td>
      <Table.Td>{sizeOf(video.size_bytes)}</Table.Td>
      <Table.Td>{video.uploaded_at ? formatDateTime(video.uploaded_at) : '—'}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} />}
          loading={removing}
          onClick={onRemove}
        >
          Remove
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
