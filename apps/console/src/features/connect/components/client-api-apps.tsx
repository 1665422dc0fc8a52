import { mayAccess, type TApiApp } from '@sampada/shared';
import { Badge, Button, Card, Code, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { clientApiAppsQuery, useSetApiAppDisabled } from '../api/client-api-apps';
import { SCROLLS_FROM_KEYBOARD } from '../../../components/list-table';

/**
 * A client's API apps on the client page (issue 35): every role that may read the client's
 * orders sees them; operations (area `trading`, as the server checks) may disable one or
 * enable it again, after a confirmation. The server audits it.
 */
export function ClientApiApps({ clientId }: { clientId: string }) {
  const roles = useSession()?.staff.roles;
  if (!mayAccess(roles, 'clientOrders')) return null;
  return <ClientApiAppsCard clientId={clientId} canSwitch={mayAccess(roles, 'trading')} />;
}

function ClientApiAppsCard({ clientId, canSwitch }: { clientId: string; canSwitch: boolean }) {
  const apps = useQuery(clientApiAppsQuery(clientId));
  const list = apps.data ?? [];
  return (
    <Card withBorder data-testid="client-api-apps">
      <Title order={4} mb="xs">
        API apps
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Programs the client connected through the trading API. A disabled app’s sign-ins and calls
        are refused at once.
      </Text>
      <QueryState isPending={apps.isPending} error={apps.error}>
        {list.length === 0 ? (
          <Text c="dimmed" size="sm">
            No API apps.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={960} scrollAreaProps={SCROLLS_FROM_KEYBOARD}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>api_key</Table.Th>
                  <Table.Th>Redirect and postback</Table.Th>
                  <Table.Th>Allowed IPs</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th w={110}>State</Table.Th>
                  {canSwitch ? (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((app) => (
                  <AppRow key={app.id} app={app} clientId={clientId} canSwitch={canSwitch} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Card>
  );
}

function AppRow({
  app,
  clientId,
  canSwitch,
}: {
  app: TApiApp;
  clientId: string;
  canSwitch: boolean;
}) {
  const setDisabled = useSetApiAppDisabled(clientId);
  const disable = !app.disabled;
  const ask = () =>
    modals.openConfirmModal({
      title: `${disable ? 'Disable' : 'Enable'} ${app.name}`,
      children: (
        <Text size="sm">
          {disable
            ? 'Its programs are refused from now on: sign-ins, calls and the ticker. Orders already placed stay as they are. The client sees the app as disabled.'
            : 'Its programs may sign in and call again, within the client’s allowed IPs.'}{' '}
          This is audited.
        </Text>
      ),
      labels: { confirm: disable ? 'Disable' : 'Enable', cancel: 'Cancel' },
      confirmProps: { color: disable ? 'red' : undefined, 'data-testid': 'api-app-confirm' },
      onConfirm: () =>
        setDisabled.mutate(
          { id: app.id, disabled: disable },
          { onSuccess: ({ message }) => notifySuccess(message), onError: notifyError },
        ),
    });
  return (
    <Table.Tr data-testid="client-api-app" data-api-key={app.api_key}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {app.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Code>{app.api_key}</Code>
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>
        <Text size="sm">{app.redirect_url}</Text>
        <Text size="xs" c="dimmed">
          {app.postback_url ? `Postbacks to ${app.postback_url}` : 'No postbacks'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{app.allowed_ips.join(', ')}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(app.created_at)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge
          variant="light"
          color={app.disabled ? 'red' : 'teal'}
          // The label may not shrink to an ellipsis in a narrow cell ("DISA…").
          styles={{ label: { overflow: 'visible' } }}
          data-testid="api-app-state"
        >
          {app.disabled ? 'Disabled' : 'Enabled'}
        </Badge>
      </Table.Td>
      {canSwitch ? (
        <Table.Td>
          <Button
            size="xs"
            variant="light"
            color={disable ? 'red' : undefined}
            loading={setDisabled.isPending}
            onClick={ask}
            aria-label={`${disable ? 'Disable' : 'Enable'} ${app.name}`}
          >
            {disable ? 'Disable' : 'Enable'}
          </Button>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
