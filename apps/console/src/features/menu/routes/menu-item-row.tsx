import { ActionIcon, Group, Select, Switch, Table, TextInput } from '@mantine/core';
import type { TMenuItemInput } from '@sampada/shared';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, type UseFormRegister } from 'react-hook-form';

export type TMenuReplaceRequest = { items: TMenuItemInput[] };

/** The columns typed as text, in order. */
const TEXT_COLUMNS: {
  name: 'title' | 'path' | 'name' | 'component' | 'icon';
  label: string;
  width?: number;
}[] = [
  { name: 'title', label: 'Title' },
  { name: 'path', label: 'Path' },
  { name: 'name', label: 'Name' },
  { name: 'component', label: 'Component' },
  { name: 'icon', label: 'Icon', width: 120 },
];
const CAPABILITIES = [
  { value: 'allow_loan', label: 'Loans' },
  { value: 'allow_bonus', label: 'Bonuses' },
  { value: 'allow_compensation', label: 'Compensation' },
];
/** One menu item's fields, with moving it up or down and removing it. */
export function MenuItemRow({
  i,
  count,
  control,
  register,
  onMove,
  onRemove,
}: {
  i: number;
  count: number;
  control: Control<TMenuReplaceRequest>;
  register: UseFormRegister<TMenuReplaceRequest>;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Table.Tr>
      {TEXT_COLUMNS.map(({ name, label, width }) => (
        <Table.Td key={name}>
          <TextInput aria-label={label} w={width} {...register(`items.${i}.${name}`)} />
        </Table.Td>
      ))}
      <Table.Td>
        <Controller
          control={control}
          name={`items.${i}.requires`}
          render={({ field }) => (
            <Select
              aria-label="Needs capability"
              w={150}
              clearable
              placeholder="Everyone"
              data={CAPABILITIES}
              value={field.value ?? null}
              onChange={(v) => field.onChange(v ?? null)}
            />
          )}
        />
      </Table.Td>
      <Table.Td>
        <Controller
          control={control}
          name={`items.${i}.enabled`}
          render={({ field }) => (
            <Switch
              aria-label="Shown"
              checked={field.value ?? true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label="Move up"
            disabled={i === 0}
            onClick={() => onMove(i, i - 1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label="Move down"
            disabled={i === count - 1}
            onClick={() => onMove(i, i + 1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label="Remove" onClick={() => onRemove(i)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
