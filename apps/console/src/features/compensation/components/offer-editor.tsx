import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { TConsoleOffer } from '@sampada/shared';
import { ImageField } from '../../../components/image-field';
import { OfferBonusFields, OfferKindFields } from './offer-fields';
import { useOfferEditor } from './use-offer-editor';

export { OFFER_STATUS_LABELS } from './offer-status-labels';

/**
 * Creates or edits an offer. The draft is checked with the shared schema before it is sent;
 * the picture of a saved offer uploads at once, a new offer's waits for its first save.
 */
export function OfferEditor({
  offer,
  onClose,
}: {
  offer: TConsoleOffer | null;
  onClose: () => void;
}) {
  const {
    draft,
    set,
    bind,
    error,
    imageError,
    saved,
    picked,
    save,
    busy,
    pick,
    removeImage,
    submit,
  } = useOfferEditor(offer, onClose);
  return (
    <Modal opened onClose={onClose} title={offer ? 'Edit offer' : 'New offer'} size="lg">
      <Stack gap="sm">
        <TextInput label="Title" {...bind('title', 'title')} data-testid="offer-title" />
        <Textarea
          label="Text"
          autosize
          minRows={3}
          {...bind('body', 'body')}
          data-testid="offer-body"
        />
        <OfferKindFields draft={draft} set={set} />
        {draft.kind === 'bonus' && <OfferBonusFields draft={draft} set={set} bind={bind} />}
        <Group grow align="flex-start">
          <TextInput type="datetime-local" label="Valid from" {...bind('valid_from')} />
          <TextInput
            type="datetime-local"
            label="Valid until"
            {...bind('valid_until', 'valid_until')}
          />
        </Group>
        <ImageField
          subject="offer"
          src={picked.preview ?? saved?.image_url ?? null}
          pending={Boolean(picked.preview)}
          busy={busy}
          error={imageError}
          onPick={pick}
          onRemove={removeImage}
        />
        {error && (
          <Alert color="red" data-testid="offer-error">
            {error}
          </Alert>
        )}
        <Button
          loading={save.isPending}
          disabled={busy}
          data-testid="offer-save"
          onClick={() => void submit()}
        >
          Save
        </Button>
      </Stack>
    </Modal>
  );
}
