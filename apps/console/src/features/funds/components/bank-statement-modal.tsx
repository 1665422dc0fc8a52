import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { formatPaise, type TBankStatementResult } from '@sampada/shared';
import { type ReactNode, type RefObject, useMemo, useRef, useState } from 'react';
import { type Resolver, type ResolverResult, type UseFormReturn, useForm } from 'react-hook-form';
import { ClientCell } from '../../../components/client-cell';
import { DecisionFailure } from '../../../components/queue-parts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMatchBankStatement } from '../api/match-bank-statement';
import {
  parseBankStatement,
  type TParsedStatement,
  type TStatementRow,
} from '../utils/bank-statement';

/**
 * Matching a bank statement against the pending deposits (docs/console-bank-statement.md):
 * paste the statement or pick its .csv file, check the preview (lines read, their total, the
 * lines that could not be read and why), confirm; the answer lists the deposits confirmed and
 * the lines that matched none. The file is read in the browser; only the lines read are sent.
 */

type TStatementForm = { statement: string };

/** The statement text validates as the request it makes (the route's schema, via the parser). */
const statementResolver: Resolver<TStatementForm, unknown, TParsedStatement> = (
  values,
): ResolverResult<TStatementForm, TParsedStatement> => {
  const parsed = parseBankStatement(values.statement);
  return parsed.error
    ? { values: {}, errors: { statement: { type: 'statement', message: parsed.error } } }
    : { values: parsed, errors: {} };
};

/** A statement is a day's credits, a few hundred kB at most; larger is not a statement. */
const MAX_FILE_BYTES = 1_000_000;
const FILE_TOO_LARGE = 'This file is larger than 1 MB: pick the CSV of one statement.';
const NOT_CSV = 'Save the statement as CSV (comma-separated) first, then pick that file.';
/** Read lines shown in the preview; the count and total always cover them all. */
const PREVIEW_ROWS = 100;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The "Match bank statement" button of the deposits queue and its dialog. */
export function BankStatementAction() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        onClick={() => setOpened(true)}
      >
        Match bank statement
      </Button>
      <BankStatementModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

export function BankStatementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const match = useMatchBankStatement();
  const form = useForm<TStatementForm, unknown, TParsedStatement>({
    resolver: statementResolver,
    defaultValues: { statement: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ result: TBankStatementResult; rows: TStatementRow[] } | null>(
    null,
  );
  const resetFile = useRef<() => void>(null);

  const text = form.watch('statement');
  const parsed = useMemo(() => parseBankStatement(text), [text]);

  const startOver = () => {
    form.reset();
    setDone(null);
    setFailure(null);
    setFileProblem(null);
  };
  // A statement that was matched is finished with; one that failed stays for the retry.
  const close = () => {
    if (done) startOver();
    onClose();
  };

  const pick = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setFileProblem(null);
    if (/\.xlsx?$/i.test(file.name)) return setFileProblem(NOT_CSV);
    if (file.size > MAX_FILE_BYTES) return setFileProblem(FILE_TOO_LARGE);
    form.setValue('statement', await file.text(), { shouldValidate: form.formState.isSubmitted });
  };

  const send = (statement: TParsedStatement) => {
    setFailure(null);
    match.mutate(statement.request, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message);
        setDone({ result: data, rows: statement.rows });
      },
      onError: (error) => {
        setFailure(error.message);
        notifyError(error);
      },
    });
  };

  const blank = text.trim() === '';
  const error = blank ? form.formState.errors.statement?.message : parsed.error;

  return (
    <Modal opened={opened} onClose={close} title="Match bank statement" size="xl">
      {done ? (
        <StatementResult
          result={done.result}
          rows={done.rows}
          onAgain={startOver}
          onClose={close}
        />
      ) : (
        <form onSubmit={form.handleSubmit(send)} noValidate>
          <Stack>
            <DecisionFailure failure={failure} />
            <StatementInput
              form={form}
              error={error}
              busy={match.isPending}
              fileProblem={fileProblem}
              resetRef={resetFile}
              onPick={(file) => void pick(file)}
            />
            {blank ? null : <StatementPreview parsed={parsed} />}
            <Group justify="flex-end">
              <StatementButtons busy={match.isPending} onCancel={close} />
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The statement pasted or read from a .csv file, and why a file was refused. */
function StatementInput({
  form,
  error,
  busy,
  fileProblem,
  resetRef,
  onPick,
}: {
  form: UseFormReturn<TStatementForm, unknown, TParsedStatement>;
  error: ReactNode;
  busy: boolean;
  fileProblem: string | null;
  resetRef: RefObject<(() => void) | null>;
  onPick: (file: File | null) => void;
}) {
  return (
    <>
      <Text size="sm" c="dimmed">
        One credit per line: the UTR, then the amount in rupees (20,000.00 or 20000). A header row
        naming the columns (UTR, Amount or Credit) is optional. Each line confirms the pending
        deposit with that UTR for exactly that amount.
      </Text>
      <Textarea
        label="Statement"
        placeholder={'UTR,Amount\nHDFCN52026030212345,"20,000.00"'}
        autosize
        minRows={6}
        maxRows={14}
        styles={{ input: { fontFamily: 'monospace' } }}
        readOnly={busy}
        error={error}
        {...form.register('statement')}
      />
      <Group gap="xs">
        <FileButton onChange={onPick} accept=".csv,text/csv,text/plain" resetRef={resetRef}>
          {(props) => (
            <Button {...props} variant="default" size="xs" disabled={busy}>
              Choose a .csv file
            </Button>
          )}
        </FileButton>
        {fileProblem ? (
          <Text size="xs" c="red" data-testid="statement-file-problem">
            {fileProblem}
          </Text>
        ) : null}
      </Group>
    </>
  );
}

function StatementButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" color="teal" loading={busy}>
        Confirm and credit
      </Button>
    </>
  );
}

/** What will be sent, and what will not and why. */
function StatementPreview({ parsed }: { parsed: TParsedStatement }) {
  const { rows, problems } = parsed;
  return (
    <Stack gap="xs" data-testid="statement-preview">
      <Text size="sm">
        <strong>{plural(rows.length, 'line')}</strong> read, totalling{' '}
        <strong>{formatPaise(parsed.totalPaise)}</strong>
        {parsed.header ? ' (header row skipped)' : ''}.
      </Text>
      {rows.length > 0 ? (
        <ScrollArea.Autosize mah={180}>
          <Table fz="xs" verticalSpacing={2} data-testid="statement-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>UTR</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.slice(0, PREVIEW_ROWS).map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td ff="monospace">{row.utr}</Table.Td>
                  <Table.Td ta="right">{formatPaise(row.amount_paise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {rows.length > PREVIEW_ROWS ? (
            <Text size="xs" c="dimmed">
              …and {plural(rows.length - PREVIEW_ROWS, 'more line')}.
            </Text>
          ) : null}
        </ScrollArea.Autosize>
      ) : null}
      {problems.length > 0 ? (
        <Alert
          color="yellow"
          title={`${plural(problems.length, 'line')} could not be read and will not be sent`}
          data-testid="statement-problems"
        >
          <ScrollArea.Autosize mah={160}>
            <Stack gap={4}>
              {problems.map((problem) => (
                <Text size="xs" key={problem.row}>
                  Line {problem.row}: <code>{problem.text}</code> — {problem.message}
                </Text>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The server's answer: what was confirmed and credited, and each line that matched nothing. */
function StatementResult({
  result,
  rows,
  onAgain,
  onClose,
}: {
  result: TBankStatementResult;
  rows: TStatementRow[];
  onAgain: () => void;
  onClose: () => void;
}) {
  // The server counts the lines it was sent; staff read the line of their own text.
  const lineInText = (line: number) => rows[line - 1]?.row ?? line;
  return (
    <Stack data-testid="statement-result">
      <Alert color={result.confirmed.length > 0 ? 'teal' : 'gray'}>
        {plural(result.confirmed.length, 'deposit')} confirmed and credited, totalling{' '}
        <strong>{formatPaise(result.confirmed_total_paise)}</strong>.
        {result.unmatched.length > 0
          ? ` ${plural(result.unmatched.length, 'line')} not matched.`
          : ''}
      </Alert>
      {result.confirmed.length > 0 ? <ConfirmedDeposits result={result} /> : null}
      {result.unmatched.length > 0 ? (
        <>
          <Title order={5}>Not matched</Title>
          <ScrollArea.Autosize mah={240}>
            <Table fz="sm" data-testid="statement-unmatched">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>UTR</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.unmatched.map((line) => (
                  <Table.Tr key={line.line}>
                    <Table.Td>{lineInText(line.line)}</Table.Td>
                    <Table.Td ff="monospace">{line.utr}</Table.Td>
                    <Table.Td ta="right">{formatPaise(line.amount_paise)}</Table.Td>
                    <Table.Td>{line.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAgain}>
          Match another statement
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

/** The deposits the statement confirmed and credited. */
function ConfirmedDeposits({ result }: { result: TBankStatementResult }) {
  return (
    <ScrollArea.Autosize mah={240}>
      <Table fz="sm" data-testid="statement-confirmed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>UTR</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.confirmed.map((deposit) => (
            <Table.Tr key={deposit.id}>
              <Table.Td>
                <ClientCell client={deposit.client} />
              </Table.Td>
              <Table.Td ff="monospace">{deposit.utr}</Table.Td>
              <Table.Td ta="right">{formatPaise(deposit.amount_paise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
