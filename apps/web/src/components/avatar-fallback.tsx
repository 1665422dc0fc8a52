import { Avatar, type AvatarProps } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface AvatarFallbackProps extends Omit<AvatarProps, 'src' | 'name'> {
  src?: string | null;
  /** Used for the generated fallback: initials on a colour derived from the name. */
  name?: string | null;
  alt?: string;
}

/** Avatar image, or a generated initials avatar when there is none or it fails to load. */
export function AvatarFallback({ src, name, alt, ...props }: AvatarFallbackProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  const showImage = Boolean(src) && !failed;
  return (
    <Avatar
      {...props}
      src={showImage ? src : undefined}
      alt={alt ?? name ?? undefined}
      name={name || undefined}
      color="initials"
      imageProps={{ onError: () => setFailed(true) }}
    />
  );
}
