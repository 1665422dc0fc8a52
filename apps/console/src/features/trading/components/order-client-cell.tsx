import { Anchor, Text } from '@mantine/core';
import type { TDeskOrder } from '@sampada/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The client of a desk order: name (or UID) linking to their profile, then the UID. */
export function OrderClientCell({ client }: { client: TDeskOrder['client'] }) {
  return (
    <>
      <Anchor component={Link} to={paths.client(client.id)} size="sm">
        {client.name ?? `UID ${client.uid}`}
      </Anchor>
      <Text size="xs" c="dimmed">
        UID {client.uid}
      </Text>
    </>
  );
}
