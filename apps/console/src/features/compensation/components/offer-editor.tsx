import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { M, OFFER_STATUSES, type TConsoleOffer, type TOfferStatus } from '@sampada/shared';
import { type ChangeEvent, useState } from 'react';
import { ImageField } from '../../../components/image-field';
import { notifySuccess } from '../../../lib/notify';
import { usePickedImage } from '../../../lib/picked-image';
import { useOfferImage, useSaveOffer } from '../api';
import {
  checkDraft,
  draftOf,
  type TOfferDraft,
  type TOfferField,
  type TOfferFieldErrors,
  toInput,
} from './offer-draft';

/** An offer's status in words (issue 31: the raw 'draft' and 'published' were on screen). */
export const OFFER_STATUS_LABELS: Record<TOfferStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  withdrawn: 'Withdrawn',
};
const STATUS_OPTIONS = OFFER_STATUSES.map((value) => ({
  value,
  label: OFFER_STATUS_LABELS[value],
}));

/** The draft's fields typed as text. */
type TTextKey = Exclude<keyof TOfferDraft, 'kind' | 'bonus_kind' | 'min_vip' | 'status'>;

/** The server decodes the file to judge it; a file the browser does not call an image never goes. */
const looksLikeImage = (file: File) => file.type.startsWith('image/');

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
  const [draft, setDraft] = useState<TOfferDraft>(() => draftOf(offer));
  const [fieldErrors, setFieldErrors] = useState<TOfferFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  // The offer as the server last answered: a new one has an id after its first save.
  const [saved, setSaved] = useState<TConsoleOffer | null>(offer);
  const picked = usePickedImage();
  const save = useSaveOffer();
  const image = useOfferImage();
  const set = <K extends keyof TOfferDraft>(key: K, value: TOfferDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  /** A text field's value, its change, and what the last check said of it. */
  const bind = (key: TTextKey, field?: TOfferField) => ({
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, e.currentTarget.value),
    error: field ? fieldErrors[field] : undefined,
  });

  const upload = async (id: string, file: File) => {
    setImageError(null);
    try {
      const { data, message } = await image.upload.mutateAsync({ id, file });
      setSaved(data);
      notifySuccess(message);
      return true;
    } catch (e) {
      setImageError((e as Error).message);
      return false;
    }
  };

  const pick = (file: File) => {
    if (!looksLikeImage(file)) return setImageError(M.onlyImages);
    setImageError(null);
    if (!saved) return picked.setFile(file);
    void upload(saved.id, file);
  };

  const removeImage = () => {
    setImageError(null);
    if (!saved) return picked.setFile(null);
    image.remove.mutate(saved.id, {
      onSuccess: ({ data, message }) => {
        setSaved(data);
        notifySuccess(message);
      },
      onError: (e) => setImageError(e.message),
    });
  };

  const submit = async () => {
    const errors = checkDraft(draft);
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length) return;
    try {
      const { data } = await save.mutateAsync({ id: saved?.id ?? null, input: toInput(draft) });
      setSaved(data);
      // A refused picture leaves the editor open on the saved offer, with the reason.
      if (picked.file) {
        const uploaded = await upload(data.id, picked.file);
        picked.setFile(null);
        if (!uploaded) return;
      }
      onClose();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const busy = image.upload.isPending || image.remove.isPending;
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
        <Group grow>
          <Select
            label="Kind"
            data={[
              { value: 'info', label: 'Information' },
              { value: 'bonus', label: 'Bonus' },
            ]}
            value={draft.kind}
            allowDeselect={false}
            onChange={(v) => set('kind', (v as TOfferDraft['kind']) ?? 'info')}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={draft.status}
            allowDeselect={false}
            onChange={(v) => set('status', (v as TOfferDraft['status']) ?? 'draft')}
            data-testid="offer-status"
          />
          <NumberInput
            label="From VIP level"
            min={0}
            max={10}
            value={draft.min_vip}
            onChange={(v) => set('min_vip', Number(v) || 0)}
          />
        </Group>
        {draft.kind === 'bonus' && (
          <>
            <Group grow align="flex-start">
              <Select
                label="Bonus"
                data={[
                  { value: 'fixed', label: 'Fixed amount' },
                  { value: 'cashback', label: 'Brokerage cashback' },
                ]}
                value={draft.bonus_kind}
                allowDeselect={false}
                onChange={(v) => set('bonus_kind', (v as TOfferDraft['bonus_kind']) ?? 'fixed')}
              />
              <TextInput
                label="Total budget (₹)"
                {...bind('budget', 'budget')}
                data-testid="offer-budget"
              />
            </Group>
            {draft.bonus_kind === 'fixed' ? (
              <TextInput
                label="Amount per client (₹)"
                {...bind('amount', 'amount')}
                data-testid="offer-amount"
              />
            ) : (
              <Group grow align="flex-start">
                <TextInput
                  label="Cashback (% of brokerage)"
                  {...bind('cashback_percent', 'cashback')}
                  data-testid="offer-cashback"
                />
                <TextInput label="Cap per client (₹)" {...bind('cap')} data-testid="offer-cap" />
              </Group>
            )}
          </>
        )}
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
