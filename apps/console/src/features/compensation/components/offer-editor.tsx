import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { TConsoleOffer } from '@sampada/shared';
import { ImageField } from '../../../components/image-field';
import { IstDateTimeInput } from '../../../components/ist-date-time-field';
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
  const editor = useOfferEditor(offer, onClose);
  const { draft, set, bind, fieldErrors, picked, busy } = editor;
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
          <IstDateTimeInput
            label="Valid from"
            value={draft.valid_from}
            onChange={(instant) => set('valid_from', instant)}
            data-testid="offer-valid-from"
          />
          <IstDateTimeInput
            label="Valid until"
            value={draft.valid_until}
            onChange={(instant) => set('valid_until', instant)}
            error={fieldErrors.valid_until}
            data-testid="offer-valid-until"
          />
        </Group>
        <ImageField
          subject="offer"
          src={picked.preview ?? editor.saved?.image_url ?? null}
          pending={Boolean(picked.preview)}
          busy={busy}
          error={editor.imageError}
          onPick={editor.pick}
          onRemove={editor.removeImage}
        />
        {editor.error && (
          <Alert color="red" data-testid="offer-error">
            {editor.error}
          </Alert>
        )}
        <Button
          loading={editor.save.isPending}
          disabled={busy}
          data-testid="offer-save"
          onClick={() => void editor.submit()}
        >
          Save
        </Button>
      </Stack>
    </Modal>
  );
}
