import { M, type TConsoleOffer } from '@sampada/shared';
import { type ChangeEvent, useState } from 'react';
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

/** The draft's fields typed as text. */
type TTextKey = Exclude<keyof TOfferDraft, 'kind' | 'bonus_kind' | 'min_vip' | 'status'>;

export type TSetDraft = <K extends keyof TOfferDraft>(key: K, value: TOfferDraft[K]) => void;
/** A text field's value, its change, and what the last check said of it. */
export type TBindText = (
  key: TTextKey,
  field?: TOfferField,
) => {
  value: TOfferDraft[TTextKey];
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
};

/** The server decodes the file to judge it; a file the browser does not call an image never goes. */
const looksLikeImage = (file: File) => file.type.startsWith('image/');

/**
 * The offer editor's state: the draft checked with the shared schema before it is sent, and
 * the picture, which uploads at once for a saved offer and after the first save for a new one.
 */
export function useOfferEditor(offer: TConsoleOffer | null, onClose: () => void) {
  const [draft, setDraft] = useState<TOfferDraft>(() => draftOf(offer));
  const [fieldErrors, setFieldErrors] = useState<TOfferFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  // The offer as the server last answered: a new one has an id after its first save.
  const [saved, setSaved] = useState<TConsoleOffer | null>(offer);
  const picked = usePickedImage();
  const save = useSaveOffer();
  const image = useOfferImage();
  const set: TSetDraft = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  /** A text field's value, its change, and what the last check said of it. */
  const bind: TBindText = (key, field) => ({
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
  return {
    draft,
    set,
    bind,
    fieldErrors,
    error,
    imageError,
    saved,
    picked,
    save,
    busy,
    pick,
    removeImage,
    submit,
  };
}
