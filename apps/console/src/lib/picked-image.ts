import { useEffect, useMemo, useState } from 'react';

/**
 * A picture picked for a record that has no id yet: it waits in the browser, previewed
 * through an object URL (released when it changes or the editor closes), until the first
 * save gives the record an id to upload it to.
 */
export function usePickedImage() {
  const [file, setFile] = useState<File | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return { file, preview, setFile };
}
