import {
  FM,
  FUNDS_DONE,
  MAX_BANK_CARDS,
  M,
  ZBankCardAddRequest,
  bankNameOfIfsc,
  md5,
  type TBankCard,
} from '@sampada/shared';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingBank, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadingButton } from '../../../components/loading-button';
import { closeModal, openModal } from '../../../components/modals';
import { isApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { translateMessage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { addBankCard, bankCardsQueryOptions, invalidateMoney, removeBankCard } from '../api/funds';
import { useMeTranslation } from '../i18n';
import { PinField, pinError } from '../../../components/pin-field';
import { openSetPin } from '../../../components/set-pin';
import { fieldErrors } from '../../../lib/money';

const errorText = (error: unknown) =>
  translateMessage(isApiError(error) ? error.message : M.requestFailed);

const REMOVE_MODAL = 'bank-card-remove';

function RemoveCard({ card, onDone }: { card: TBankCard; onDone: () => void }) {
  const { t } = useMeTranslation();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = pinError(pin);
    if (problem) return setError(t(problem));
    setBusy(true);
    try {
      await removeBankCard(card.id, pin);
      toast({ type: 'success', message: FUNDS_DONE.bankCardRemoved });
      void invalidateMoney();
      onDone();
    } catch (failure) {
      setError(errorText(failure));
      setPin('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        {card.bank_name ?? card.ifsc} · {card.account_number}
      </Text>
      <PinField
        label={t('pin.label')}
        value={pin}
        onChange={setPin}
        error={error ?? undefined}
        disabled={busy}
      />
      <LoadingButton color="red" onClick={submit} loading={busy} fullWidth>
        {t('bank.remove')}
      </LoadingButton>
    </Stack>
  );
}

interface TForm {
  holder_name: string;
  account_number: string;
  ifsc: string;
  bank_name: string;
}
const EMPTY: TForm = { holder_name: '', account_number: '', ifsc: '', bank_name: '' };

function AddCardForm({ onDone }: { onDone: () => void }) {
  const { t } = useMeTranslation();
  const [form, setForm] = useState<TForm>(EMPTY);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ifsc = form.ifsc.toUpperCase();
  const knownBank = ifsc.length >= 4 ? bankNameOfIfsc(ifsc) : null;

  const set = (key: keyof TForm, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = {
      holder_name: form.holder_name,
      account_number: form.account_number,
      ifsc,
      ...(!knownBank && form.bank_name ? { bank_name: form.bank_name } : {}),
    };
    const parsed = ZBankCardAddRequest.safeParse({ ...body, pin: md5(pin) });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    const problem = pinError(pin);
    if (problem) next.pin = t(problem);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    setFailure(null);
    try {
      await addBankCard({ ...body, pin });
      toast({ type: 'success', message: FUNDS_DONE.bankCardAdded });
      void invalidateMoney();
      onDone();
    } catch (error) {
      const message = isApiError(error) ? error.message : M.requestFailed;
      if (message === FM.setPinForBankCards) openSetPin();
      setFailure(translateMessage(message));
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('bank.add')}>
      <Stack gap="sm">
        <TextInput
          label={t('bank.holder')}
          description={t('bank.holderHint')}
          value={form.holder_name}
          onChange={(event) => set('holder_name', event.currentTarget.value)}
          error={errors.holder_name || undefined}
          autoComplete="name"
        />
        <TextInput
          label={t('bank.accountNumber')}
          inputMode="numeric"
          value={form.account_number}
          onChange={(event) =>
            set('account_number', event.currentTarget.value.replace(/[^\d ]/g, ''))
          }
          error={errors.account_number || undefined}
          autoComplete="off"
        />
        <TextInput
          label={t('bank.ifsc')}
          value={form.ifsc}
          onChange={(event) => set('ifsc', event.currentTarget.value.trim().toUpperCase())}
          error={errors.ifsc || undefined}
          description={knownBank ?? undefined}
          maxLength={11}
          autoComplete="off"
          data-testid="bank-ifsc"
        />
        {!knownBank && ifsc.length === 11 && (
          <TextInput
            label={t('bank.bankName')}
            value={form.bank_name}
            onChange={(event) => set('bank_name', event.currentTarget.value)}
          />
        )}
        <PinField
          label={t('pin.label')}
          value={pin}
          onChange={setPin}
          error={errors.pin}
          disabled={busy}
        />
        {failure && (
          <Alert color="red" role="alert" data-testid="bank-error">
            {failure}
          </Alert>
        )}
        <LoadingButton type="submit" loading={busy} fullWidth>
          {t('bank.save')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

/** The client's bank accounts: list, add and remove, each change with the PIN. */
export function BankCards() {
  const { t } = useMeTranslation();
  const { data: profile } = useProfile();
  const cards = useQuery(bankCardsQueryOptions());
  const [adding, setAdding] = useState(false);
  const needsPin = profile && !profile.has_pin;
  const full = (cards.data?.length ?? 0) >= MAX_BANK_CARDS;

  const remove = (card: TBankCard) =>
    needsPin
      ? openSetPin()
      : openModal({
          id: REMOVE_MODAL,
          title: t('bank.removeTitle'),
          hold: true,
          children: <RemoveCard card={card} onDone={() => closeModal(REMOVE_MODAL)} />,
        });

  return (
    <Stack gap="sm" data-testid="bank-cards">
      <Text c="dimmed" size="sm">
        {t('bank.text')}
      </Text>
      {needsPin && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{FM.setPinForBankCards}</Text>
            <Button size="xs" onClick={openSetPin}>
              {t('pin.set')}
            </Button>
          </Stack>
        </Alert>
      )}
      {cards.isPending ? (
        <Loader size="sm" />
      ) : cards.isError ? (
        <Alert color="red">{errorText(cards.error)}</Alert>
      ) : cards.data.length === 0 ? (
        <Text size="sm">{t('bank.none')}</Text>
      ) : (
        cards.data.map((card) => (
          <Paper key={card.id} withBorder p="sm" radius="md" data-testid="bank-card">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <IconBuildingBank size={22} aria-hidden />
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {card.bank_name ?? t('bank.unknownBank')}
                  </Text>
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {card.account_number} · {card.ifsc}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {card.holder_name}
                  </Text>
                </Stack>
              </Group>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => remove(card)}
                aria-label={t('bank.removeOne', { last4: card.account_last4 })}
              >
                {t('bank.remove')}
              </Button>
            </Group>
          </Paper>
        ))
      )}
      {full ? (
        <Text size="sm" c="dimmed">
          {FM.bankCardLimit}
        </Text>
      ) : adding ? (
        <Paper withBorder p="md" radius="md">
          <AddCardForm onDone={() => setAdding(false)} />
          <Button variant="subtle" mt="xs" fullWidth onClick={() => setAdding(false)}>
            {t('bank.cancel')}
          </Button>
        </Paper>
      ) : (
        <Button
          variant="light"
          onClick={() => (needsPin ? openSetPin() : setAdding(true))}
          disabled={cards.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('bank.add')}
        </Button>
      )}
    </Stack>
  );
}

/** Menu key 'funds/bank-cards' (/me/bank-cards): the full bank accounts view. */
export default function BankCardsPage() {
  const { t } = useMeTranslation();
  return (
    <Stack gap="md" data-testid="bank-cards-page">
      <Title order={1} size="h2">
        {t('bank.title')}
      </Title>
      <BankCards />
    </Stack>
  );
}
