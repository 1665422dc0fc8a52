import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { ZCorporateActionImport } from '@sampada/shared';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { type TImported, useImportActions } from '../api';

const HEADER =
  'SYMBOL,COMPANY NAME,SERIES,PURPOSE,FACE VALUE,EX-DATE,RECORD DATE,BC START DATE,BC END DATE';

/**
 * Import NSE's corporate actions file (CSV, as downloaded): each row it can read becomes a
 * proposal for a second officer; a row it cannot read is listed with its line and reason and
 * nothing of it is entered; a row already on record is counted, not entered twice.
 */
export function ImportActionsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const importFile = useImportActions();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<TImported | null>(null);
  const close = () => {
    setText('');
    setProblem(null);
    setDone(null);
    onClose();
  };
  const pick = async (file: File | null) => {
    if (file) setText(await file.text());
  };
  const send = () => {
    const parsed = ZCorporateActionImport.safeParse({ text });
    if (!parsed.success) return setProblem('Paste the file or choose it first.');
    setProblem(null);
    importFile.mutate(parsed.data.text, {
      onSuccess: ({ data }) => setDone(data),
      onError: (error) => {
        setProblem(error.message);
        notifyError(error);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title="Import NSE corporate actions" size="xl">
      {done ? (
        <ImportResult result={done} onClose={close} />
      ) : (
        <Stack>
          {problem ? (
            <Alert color="red" data-testid="import-error">
              {problem}
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed">
            NSE&apos;s file as downloaded, with its header row: {HEADER}. Dates read 16-Jan-2025.
            Every row read becomes a proposal that a second officer approves.
          </Text>
          <Textarea
            label="File"
            autosize
            minRows={6}
            maxRows={14}
            styles={{ input: { fontFamily: 'monospace' } }}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            placeholder={`${HEADER}\nSBIN,State Bank of India,EQ,Dividend - Rs 13.70 Per Share,1,16-May-2025,16-May-2025,-,-`}
            data-testid="import-text"
          />
          <Group justify="space-between">
            <FileButton onChange={(file) => void pick(file)} accept=".csv,text/csv,text/plain">
              {(props) => (
                <Button {...props} variant="default" size="xs">
                  Choose a .csv file
                </Button>
              )}
            </FileButton>
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={send} loading={importFile.isPending} data-testid="import-submit">
                Import as proposals
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ImportResult({ result, onClose }: { result: TImported; onClose: () => void }) {
  return (
    <Stack data-testid="import-result">
      <Text>
        <strong>{result.added}</strong> proposed, <strong>{result.already}</strong> already on
        record, <strong>{result.rejected.length}</strong> not read.
      </Text>
      {result.rejected.length ? (
        <List size="sm" spacing={4}>
          {result.rejected.map((r) => (
            <List.Item key={r.line}>
              Line {r.line} {r.symbol}: {r.reason}
            </List.Item>
          ))}
        </List>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
