import { NOMINEE_RELATIONSHIPS, type TNominee, type TNomineesRequest } from '@sampada/shared';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { DateInputField } from '../../../../components/date-field';
import { TextInputField } from '../../../../components/form-fields';
import { translateMessage } from '../../../../lib/i18n';
import { useDutiesTranslation } from '../i18n';

/** A nominee as the form holds it: the share as typed, a guardian only for a minor. */
export interface TNomineeDraft {
  name: string;
  relationship: string;
  dob: string;
  id_number: string;
  address: string;
  share_pct: string;
  guardian: { name: string; relationship: string } | null;
}

export interface TNomineesForm {
  nominees: TNomineeDraft[];
  pin: string;
}

/** What the form sends: the shares as numbers (an empty one fails the schema's check). */
export const toRequest = ({ nominees, pin }: TNomineesForm): TNomineesRequest => ({
  pin,
  nominees: nominees.map((n) => ({
    ...n,
    // A relationship not chosen yet fails the schema's enum with its own message.
    relationship: n.relationship as TNominee['relationship'],
    share_pct: n.share_pct === '' ? Number.NaN : Number(n.share_pct),
  })),
});
export type TNomineesOut = TNomineesRequest;

export const EMPTY_NOMINEE: TNomineeDraft = {
  name: '',
  relationship: '',
  dob: '',
  id_number: '',
  address: '',
  share_pct: '',
  guardian: null,
};

/** The nominee's relationship to the client, from the fixed list. */
function RelationshipSelect({
  control,
  index,
}: {
  control: Control<TNomineesForm, unknown, TNomineesOut>;
  index: number;
}) {
  const { t } = useDutiesTranslation();
  return (
    <Controller
      control={control}
      name={`nominees.${index}.relationship`}
      render={({ field: select, fieldState }) => (
        <NativeSelect
          label={t('nominees.relationship')}
          value={select.value as string}
          onChange={(event) => select.onChange(event.currentTarget.value)}
          onBlur={select.onBlur}
          error={translateMessage(fieldState.error?.message) || undefined}
          data={[
            { value: '', label: '—' },
            ...NOMINEE_RELATIONSHIPS.map((value) => ({
              value,
              label: t(`nominees.relationships.${value}`),
            })),
          ]}
        />
      )}
    />
  );
}

/** A guardian's name and relationship, with a button to remove them; or one to add a guardian. */
function GuardianFields({
  control,
  index,
  shown,
  onGuardian,
}: {
  control: Control<TNomineesForm, unknown, TNomineesOut>;
  index: number;
  shown: boolean;
  onGuardian: (guardian: TNomineeDraft['guardian']) => void;
}) {
  const { t } = useDutiesTranslation();
  return (
    <>
      {shown ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('nominees.guardian')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInputField
              control={control}
              name={`nominees.${index}.guardian.name`}
              label={t('nominees.guardianName')}
            />
            <TextInputField
              control={control}
              name={`nominees.${index}.guardian.relationship`}
              label={t('nominees.guardianRelationship')}
            />
          </SimpleGrid>
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={() => onGuardian(null)}>
              {t('nominees.removeGuardian')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onGuardian({ name: '', relationship: '' })}
          >
            {t('nominees.addGuardian')}
          </Button>
        </Group>
      )}
    </>
  );
}

/** One nominee's fields; a guardian's two fields appear when the client adds one. */
export function NomineeFields({
  control,
  index,
  onRemove,
  onGuardian,
}: {
  control: Control<TNomineesForm, unknown, TNomineesOut>;
  index: number;
  onRemove: (() => void) | null;
  onGuardian: (guardian: TNomineeDraft['guardian']) => void;
}) {
  const { t } = useDutiesTranslation();
  const guardian = useWatch({ control, name: `nominees.${index}.guardian` });
  const field = (name: keyof TNomineeDraft) => `nominees.${index}.${name}` as const;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="nominee-fields">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t('nominees.nominee', { n: index + 1 })}</Text>
          {onRemove && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
              {t('nominees.remove')}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInputField control={control} name={field('name')} label={t('nominees.name')} />
          <RelationshipSelect control={control} index={index} />
          <DateInputField control={control} name={field('dob')} label={t('nominees.dob')} />
          <TextInputField
            control={control}
            name={field('id_number')}
            label={t('nominees.idNumber')}
            clean={(text) => text.toUpperCase()}
            autoComplete="off"
          />
          <TextInputField
            control={control}
            name={field('share_pct')}
            label={t('nominees.share')}
            inputMode="decimal"
            clean={(text) => text.replace(/[^\d.]/g, '')}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name={field('address')}
          render={({ field: text, fieldState }) => (
            <Textarea
              label={t('nominees.address')}
              autosize
              minRows={2}
              value={text.value as string}
              onChange={(event) => text.onChange(event.currentTarget.value)}
              onBlur={text.onBlur}
              error={translateMessage(fieldState.error?.message) || undefined}
            />
          )}
        />
        <GuardianFields
          control={control}
          index={index}
          shown={Boolean(guardian)}
          onGuardian={onGuardian}
        />
      </Stack>
    </Paper>
  );
}
