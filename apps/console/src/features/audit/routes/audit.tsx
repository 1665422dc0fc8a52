import { Group, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '@sampada/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DayInput } from '../../../components/day-field';
import { JsonView } from '../../../components/json-view';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, humanise } from '../../../lib/format';
import { useAudit } from '../api/audit';
import { ListTable } from '../../../components/list-table';
import { LoadMoreButton } from '../../../components/load-more-button';

const FILTERS = [
  { key: 'actor', label: 'Actor', placeholder: 'email, id, or staff/client/cli' },
  { key: 'action', label: 'Action', placeholder: 'e.g. kyc or staff.sign_in' },
  { key: 'subject', label: 'Subject', placeholder: 'id or type' },
] as const;

/** Every staff action, newest first; append-only, so there is nothing to edit here. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const read = (key: string) => params.get(key) ?? '';
  // Debounce the query string (a stable value), then read the filters from it.
  const [settled] = useDebouncedValue(params.toString(), SEARCH_DEBOUNCE_MS);
  const filters = useMemo(() => {
    const p = new URLSearchParams(settled);
    const value = (key: string) => p.get(key) || undefined;
    return {
      actor: value('actor'),
      action: value('action'),
      subject: value('subject'),
      from: value('from'),
      to: value('to'),
    };
  }, [settled]);
  const audit = useAudit(filters);
  const rows = audit.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what, when — the database refuses to change it"
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        {FILTERS.map((f) => (
          <TextInput
            key={f.key}
            label={f.label}
            placeholder={f.placeholder}
            value={read(f.key)}
            onChange={(e) => set(f.key, e.currentTarget.value)}
            w={220}
          />
        ))}
        <DayInput label="From" value={read('from')} onChange={(day) => set('from', day)} w={170} />
        <DayInput label="To" value={read('to')} onChange={(day) => set('to', day)} w={170} />
      </Group>
      <QueryState isPending={audit.isPending} error={audit.error}>
        <ListTable
          minWidth={960}
          // The IP sits under who acted, so the row fits at 1440 px; When stays on one line.
          columns={['When', 'Who', 'Action', 'Subject', 'Before', 'After']}
          empty={rows.length === 0 ? 'No entries match.' : null}
          verticalSpacing="xs"
          striped
        >
          {rows.map((a) => (
            <AuditRow key={a.id} entry={a} />
          ))}
        </ListTable>
        <LoadMoreButton query={audit} />
      </QueryState>
    </>
  );
}

type TAuditEntry = NonNullable<
  ReturnType<typeof useAudit>['data']
>['pages'][number]['items'][number];

/** One entry: when, who (and from where), what, on what, and the record before and after. */
function AuditRow({ entry: a }: { entry: TAuditEntry }) {
  return (
    <Table.Tr data-testid="audit-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.at)}</Table.Td>
      {/* An e-mail breaks only where it must, never letter by letter (issue 31). */}
      <Table.Td style={{ minWidth: 220, maxWidth: 280, overflowWrap: 'break-word' }}>
        <Text size="sm">{a.actor_label ?? a.actor_id ?? '—'}</Text>
        <Text size="xs" c="dimmed">
          {humanise(a.actor_type)}
          {a.ip ? ` · ${a.ip}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {a.action}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{a.subject_type}</Text>
        {a.subject_label ? (
          <Text size="xs" title={a.subject_id ?? undefined}>
            {a.subject_label}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {a.subject_id ?? ''}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <JsonView value={a.before} maxWidth={260} />
      </Table.Td>
      <Table.Td>
        <JsonView value={a.after} maxWidth={260} />
      </Table.Td>
    </Table.Tr>
  );
}
