import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** The client of a queue row as the module reports it (funds rows carry the mobile too). */
export type TClientRef = { id: string; uid: string; name: string | null; mobile?: string };

/** The client of a queue row: name (or mobile, or UID) linking to their profile, then UID and mobile. */
export function ClientCell({ client }: { client: TClientRef }) {
  return (
    <>
      <Anchor component={Link} to={paths.client(client.id)} size="sm">
        {client.name ?? client.mobile ?? client.uid}
      </Anchor>
      <Text size="xs" c="dimmed">
        UID {client.uid}
        {client.mobile ? ` · ${client.mobile}` : ''}
      </Text>
    </>
  );
}
