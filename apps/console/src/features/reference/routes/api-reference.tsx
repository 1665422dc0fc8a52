import { Alert, Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useApiReference } from '../api/reference';
import { renderReference } from '../api/swagger-ui';

/** The console API's reference, for staff only: the public /docs documents the clients' APIs. */
export function ApiReferencePage() {
  const reference = useApiReference();
  const node = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!reference.data || !node.current) return;
    renderReference(node.current, reference.data).catch((error: Error) => setFailed(error.message));
  }, [reference.data]);
  return (
    <>
      <PageHeader
        title="API reference"
        description="Every console API call, its access and its fields. Try it out sends reads only, as you."
      />
      <QueryState isPending={reference.isPending} error={reference.error}>
        {failed ? (
          <Alert color="red" title="Could not load">
            {failed}
          </Alert>
        ) : null}
        <Box ref={node} data-testid="api-reference" />
      </QueryState>
    </>
  );
}
