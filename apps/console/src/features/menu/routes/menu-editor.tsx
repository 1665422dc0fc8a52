import { Button } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { type TMenuEntry, type TMenuItemInput, ZMenuReplaceRequest } from '@sampada/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type FieldError, type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMenu, useSaveMenu } from '../api/menu';
import { ListTable } from '../../../components/list-table';
import { MenuItemRow, type TMenuReplaceRequest } from './menu-item-row';

const toItem = (e: TMenuEntry): TMenuItemInput => ({
  path: e.path,
  name: e.name,
  component: e.component,
  redirect: e.redirect,
  title: e.title,
  icon: e.icon,
  requires: e.requires,
  enabled: e.enabled,
});
const NEW_ITEM: TMenuItemInput = {
  path: '/',
  name: '',
  component: '',
  redirect: null,
  title: '',
  icon: 'point',
  requires: null,
  enabled: true,
};

/** The first problem of the list, told by its row (the rows have no room for messages). */
function firstProblem(errors: FieldErrors<TMenuReplaceRequest>): string | null {
  const rows = (errors.items ?? []) as (Record<string, FieldError> | undefined)[];
  for (let index = 0; index < rows.length; index++) {
    const first = Object.values(rows[index] ?? {})[0];
    if (first?.message) return `Row ${index + 1}: ${first.message}`;
  }
  return errors.items?.message ?? null;
}

/**
 * The client's menu (spec §2), in order. `component` names a page the client app knows; it
 * skips names it does not know, so items for later releases can be listed early.
 */
export function MenuEditorPage() {
  const menu = useMenu();
  const save = useSaveMenu();
  const { control, register, handleSubmit } = useForm<TMenuReplaceRequest>({
    resolver: zodResolver(ZMenuReplaceRequest, undefined, { raw: true }),
    // The saved menu, again after each save (the server answers with the new list).
    values: useMemo(() => ({ items: (menu.data ?? []).map(toItem) }), [menu.data]),
  });
  const rows = useFieldArray({ control, name: 'items' });
  const submit = handleSubmit(
    ({ items }) =>
      save.mutate(items, {
        onSuccess: ({ message }) => notifySuccess(message),
        onError: notifyError,
      }),
    (errors) => {
      const problem = firstProblem(errors);
      if (problem) notifyError(new Error(problem));
    },
  );

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
              onClick={() => rows.append(NEW_ITEM)}
            >
              Add item
            </Button>
            <Button onClick={() => void submit()} loading={save.isPending}>
              Save menu
            </Button>
          </>
        }
      />
      <QueryState isPending={menu.isPending} error={menu.error}>
        <ListTable
          minWidth={1000}
          columns={['Title', 'Path', 'Name', 'Component', 'Icon', 'Needs', 'Shown', '']}
          empty={rows.fields.length === 0 ? 'The menu is empty.' : null}
          verticalSpacing="xs"
        >
          {rows.fields.map((row, i) => (
            <MenuItemRow
              key={row.id}
              i={i}
              count={rows.fields.length}
              control={control}
              register={register}
              onMove={rows.move}
              onRemove={rows.remove}
            />
          ))}
        </ListTable>
      </QueryState>
    </>
  );
}
