import { Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/** A KYC step that is a form: its heading names it, and its fields follow. */
export function StepForm({
  heading,
  onSubmit,
  children,
}: {
  heading: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={heading}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {heading}
        </Title>
        {children}
      </Stack>
    </form>
  );
}
