import { Button, type ButtonProps } from '@mantine/core';
import { type MouseEvent, useState } from 'react';

export interface LoadingButtonProps extends ButtonProps {
  /** When it returns a promise, the button shows a spinner and ignores clicks until it settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
  type?: 'button' | 'submit' | 'reset';
  'data-testid'?: string;
}

/** Button with a loading state: shows a spinner and ignores clicks while busy (spec §2). */
export function LoadingButton({ onClick, loading, ...props }: LoadingButtonProps) {
  const [busy, setBusy] = useState(false);
  const active = Boolean(loading) || busy;
  return (
    <Button
      {...props}
      loading={active}
      aria-busy={active || undefined}
      onClick={async (event: MouseEvent<HTMLButtonElement>) => {
        if (active || !onClick) return;
        const result = onClick(event);
        if (result instanceof Promise) {
          setBusy(true);
          try {
            await result;
          } finally {
            setBusy(false);
          }
        }
      }}
    />
  );
}
