import { Alert, Button, Container } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="This page could not be shown">
        {message}
      </Alert>
      <Button mt="md" variant="light" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}
