import { Alert, Button, Code, CopyButton, Group } from '@mantine/core';

/** The code just created, to copy and hand to the client. */
export function NewCodeAlert({ code, onClose }: { code: string; onClose: () => void }) {
  return (
    <Alert color="teal" mb="md" withCloseButton onClose={onClose} title="Code created">
      <Group>
        <Code fz="lg" data-testid="new-invite-code">
          {code}
        </Code>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
