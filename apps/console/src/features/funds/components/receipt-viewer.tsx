import { Anchor, Image, Modal, Stack } from '@mantine/core';

/** The client's receipt photo, large, with a link to open the original. */
export function ReceiptViewer({ url, onClose }: { url: string | null; onClose: () => void }) {
  return (
    <Modal opened={!!url} onClose={onClose} title="Transfer receipt" size="xl">
      {url ? (
        <Stack>
          <Image src={url} alt="Deposit receipt" radius="sm" fit="contain" mah="70vh" />
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
            Open the original in a new tab
          </Anchor>
        </Stack>
      ) : null}
    </Modal>
  );
}
