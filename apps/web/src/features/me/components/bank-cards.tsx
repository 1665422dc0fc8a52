import {
  FM,
  FUNDS_DONE,
  MAX_BANK_CARDS,
  ZBankCardAddRequest,
  ZBankCardRemoveRequest,
  bankNameOfIfsc,
  type TBankCard,
} from '@sampada/shared';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextInputField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { closeModal, openModal } from '../../../components/modals';
import { failureOf, refusedWith } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import { toast } from '../../../lib/notify';
import { openSetPin } from '../../../lib/drawers';
import { bankCardsQueryOptions } from '../../../lib/funds';
import { useAddBankCard, useRemoveBankCard } from '../api/funds';
import { useMeTranslation } from '../i18n';
import { PinField, ZPinTyped } from '../../../components/pin-field';

const errorText = (error: unknown) => translateMessage(failureOf(error));

const REMOVE_MODAL = 'bank-card-remove';

function RemoveCard({ card, onDone }: { card: TBankCard; onDone: () => void }) {
  const { t } = useMeTranslation();
  const remove = useRemoveBankCard();
  const { control, handleSubmit, setError, resetField } = useForm({
    resolver: requestResolver(ZBankCardRemoveRequest.extend({ pin: ZPinTyped })),
    defaultValues: { pin: '' },
  });
  const submit = handleSubmit(({ pin }) =>
    remove.mutate(
      { id: card.id, pin },
      {
        onSuccess: () => {
          toast({ type: 'success', message: FUNDS_DONE.bankCardRemoved });
          onDone();
        },
        onError: (failure) => {
          resetField('pin');
          setError('pin', { message: errorText(failure) });
        },
      },
    ),
  );
  return (
    <Stack gap="md">
      <Text size="sm">
        {card.bank_name ?? card.ifsc} · {card.account_number}
      </Text>
      <PinField control={control} name="pin" label={t('pin.label')} disabled={remove.isPending} />
      <LoadingButton color="red" onClick={() => void submit()} loading={remove.isPending} fullWidth>
        {t('bank.remove')}
      </LoadingButton>
    </Stack>
  );
}

const EMPTY = { holder_name: '', account_number: '', ifsc: '', bank_name: '', pin: '' };

const knownBankOf = (ifsc: string) =>
  ifsc.length >= 4 ? bankNameOfIfsc(ifsc.toUpperCase()) : null;

function AddCardForm({ onDone }: { onDone: () => void }) {
  const { t } = useMeTranslation();
  const add = useAddBankCard();
  const { control, handleSubmit, resetField, watch } = useForm({
    resolver: requestResolver(ZBankCardAddRequest.extend({ pin: ZPinTyped }), {
      // The bank's name only when its IFSC does not already say it.
      toRequest: ({ holder_name, account_number, ifsc, bank_name, pin }: typeof EMPTY) => ({
        holder_name,
        account_number,
        ifsc: ifsc.toUpperCase(),
        ...(!knownBankOf(ifsc) && bank_name ? { bank_name } : {}),
        pin,
      }),
    }),
    defaultValues: EMPTY,
  });
  const ifsc = watch('ifsc').toUpperCase();
  const knownBank = knownBankOf(ifsc);

  const submit = handleSubmit((body) => {
    if (add.isPending) return;
    add.mutate(body, {
      onSuccess: () => {
        toast({ type: 'success', message: FUNDS_DONE.bankCardAdded });
        onDone();
      },
      onError: (error) => {
        if (refusedWith(error, 'funds.setPinForBankCards')) openSetPin();
        resetField('pin');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('bank.add')}>
      <Stack gap="sm">
        <TextInputField
          control={control}
          name="holder_name"
          label={t('bank.holder')}
          description={t('bank.holderHint')}
          autoComplete="name"
        />
        <TextInputField
          control={control}
          name="account_number"
          clean={(text) => text.replace(/[^\d ]/g, '')}
          label={t('bank.accountNumber')}
          inputMode="numeric"
          autoComplete="off"
        />
        <TextInputField
          control={control}
          name="ifsc"
          clean={(text) => text.trim().toUpperCase()}
          label={t('bank.ifsc')}
          description={knownBank ?? undefined}
          maxLength={11}
          autoComplete="off"
          data-testid="bank-ifsc"
        />
        {!knownBank && ifsc.length === 11 && (
          <TextInputField control={control} name="bank_name" label={t('bank.bankName')} />
        )}
        <PinField control={control} name="pin" label={t('pin.label')} disabled={add.isPending} />
        {add.isError && (
          <Alert color="red" role="alert" data-testid="bank-error">
            {translateMessage(failureOf(add.error))}
          </Alert>
        )}
        <LoadingButton type="submit" loading={add.isPending} fullWidth>
          {t('bank.save')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

/** One account: bank, number and IFSC, holder, and its Remove button. */
function BankCardRow({ card, onRemove }: { card: TBankCard; onRemove: () => void }) {
  const { t } = useMeTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="bank-card">
      {/* The details may wrap; the Remove button keeps its size at 375 px. */}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <IconBuildingBank size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={0} miw={0} style={{ overflowWrap: 'anywhere' }}>
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
          style={{ flexShrink: 0 }}
          onClick={onRemove}
          aria-label={t('bank.removeOne', { last4: card.account_last4 })}
        >
          {t('bank.remove')}
        </Button>
      </Group>
    </Paper>
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
          <BankCardRow key={card.id} card={card} onRemove={() => remove(card)} />
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
