import {
  ActionIcon,
  Button,
  Card,
  Group,
  Select,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { type TMenuEntry, type TMenuItemInput, ZMenuReplaceRequest } from '@sampada/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMenu, useSaveMenu } from '../api/menu';

type Row = TMenuItemInput & { key: string };
const CAPABILITIES = [
  { value: 'allow_loan', label: 'Loans' },
  { value: 'allow_bonus', label: 'Bonuses' },
  { value: 'allow_compensation', label: 'Compensation' },
];
let nextKey = 0;
const toRow = (e: Omit<TMenuEntry, 'id' | 'position'>): Row => ({
  key: `row-${++nextKey}`,
  path: e.path,
  name: e.name,
  component: e.component,
  redirect: e.redirect,
  title: e.title,
  icon: e.icon,
  requires: e.requires,
  enabled: e.enabled,
});

/**
 * The client's menu (spec §2), in order. `component` names a page the client app knows; it
 * skips names it does not know, so items for later releases can be listed early.
 */
export function MenuEditorPage() {
  const menu = useMenu();
  const save = useSaveMenu();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (menu.data) setRows(menu.data.map(toRow));
  }, [menu.data]);

  const update = (key: string, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, by: number) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const submit = () => {
    const items = rows.map(({ key: _key, ...item }) => item);
    const parsed = ZMenuReplaceRequest.safeParse({ items });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      notifyError(new Error(`Row ${Number(issue.path[1]) + 1}: ${issue.message}`));
      return;
    }
    save.mutate(items, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: notifyError,
    });
  };

  return (
    <>
      <PageHeader
        title="Client menu"
        description="The items clients see in their menu, in this order"
        actions={
          <>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                setRows((all) => [
                  ...all,
                  toRow({
                    path: '/',
                    name: '',
                    component: '',
                    redirect: null,
                    title: '',
                    icon: 'point',
                    requires: null,
                    enabled: true,
                  }),
                ])
              }
            >
              Add item
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save menu
            </Button>
          </>
        }
      />
      <QueryState isPending={menu.isPending} error={menu.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={1000}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Path</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Component</Table.Th>
                  <Table.Th>Icon</Table.Th>
                  <Table.Th>Needs</Table.Th>
                  <Table.Th>Shown</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={r.key}>
                    <Table.Td>
                      <TextInput
                        aria-label="Title"
                        value={r.title}
                        onChange={(e) => update(r.key, { title: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label="Path"
                        value={r.path}
                        onChange={(e) => update(r.key, { path: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label="Name"
                        value={r.name}
                        onChange={(e) => update(r.key, { name: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label="Component"
                        value={r.component}
                        onChange={(e) => update(r.key, { component: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label="Icon"
                        w={120}
                        value={r.icon}
                        onChange={(e) => update(r.key, { icon: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label="Needs capability"
                        w={150}
                        clearable
                        placeholder="Everyone"
                        data={CAPABILITIES}
                        value={r.requires ?? null}
                        onChange={(v) =>
                          update(r.key, { requires: (v as Row['requires']) ?? null })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label="Shown"
                        checked={r.enabled ?? true}
                        onChange={(e) => update(r.key, { enabled: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label="Move up"
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label="Move down"
                          disabled={i === rows.length - 1}
                          onClick={() => move(i, 1)}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Remove"
                          onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text c="dimmed" p="md">
              The menu is empty.
            </Text>
          ) : null}
        </Card>
      </QueryState>
    </>
  );
}
