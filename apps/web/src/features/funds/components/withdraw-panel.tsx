import {
  FM,
  FUNDS_DONE,
  ZWithdrawalRequest,
  formatPaise,
  parseRupeesToPaise,
  type TBankCard,
} from '@sampada/shared';
import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AmountField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { BANK_SECTION_PATH } from '../../../config/paths';
import { failureOf, refusedWith } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { isKycApproved, useProfile } from '../../../lib/auth';
import { closeGlobalDrawer, openSetPin } from '../../../lib/drawers';
import { requestResolver } from '../../../lib/forms';
import { assetsQueryOptions, bankCardsQueryOptions } from '../../../lib/funds';
import { translateMessage } from '../../../lib/i18n';
import { MASKED } from '../../../lib/market/format';
import { recentWithdrawalsQueryOptions, useRequestWithdrawal } from '../api/funds-api';
import { useFundsTranslation } from '../i18n';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/money';

function RecentWithdrawals() {
  const { t } = useFundsTranslation();
  const { data } = useQuery({
    ...recentWithdrawalsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 15_000 : false,
  });
  if (!data?.items.length) return null;
  return (
    <Stack gap="xs" data-testid="recent-withdrawals">
      <Title order={3} size="h5">
        {t('withdraw.recent')}
      </Title>
      {data.items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" data-testid="withdrawal-row">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {formatPaise(item.amount_paise)} → {item.bank_card.bank_name ?? item.bank_card.ifsc}{' '}
              {item.bank_card.account_number}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.created_at)}
              {item.bank_reference ? ` · ${item.bank_reference}` : ''}
              {item.reason ? ` · ${item.reason}` : ''}
            </Text>
          </Stack>
          <StatusBadge status={item.status} />
        </Group>
      ))}
    </Stack>
  );
}

/** Withdraw drawer: balance, bank account, amount and PIN (spec §2, §5). */
export function WithdrawPanel() {
  const { showAssets } = useAppSettings();
  const { t } = useFundsTranslation();
  const { data: profile } = useProfile();
  const assets = useQuery(assetsQueryOptions());
  const cards = useQuery(bankCardsQueryOptions());
  const available = assets.data?.cash_available_paise;

  if (!profile || cards.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  return (
    <Stack gap="md" data-testid="withdraw-panel">
      {!isKycApproved(profile.kycStatus) && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {FM.kycRequired}
        </Alert>
      )}
      {!profile.has_pin && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="withdraw-no-pin">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{FM.setPinToWithdraw}</Text>
            <Button size="xs" onClick={openSetPin}>
              {t('pin.set')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('withdraw.available')}
        </Text>
        <Text fw={700} data-testid="withdraw-available">
          {!showAssets ? MASKED : available === undefined ? '—' : formatPaise(available)}
        </Text>
      </Group>
      <WithdrawForm cards={cards.data ?? []} available={available} hasPin={profile.has_pin} />
      <RecentWithdrawals />
    </Stack>
  );
}

/** The request schema with the PIN as typed, the balance check, and the submit. */
function useWithdrawForm(cards: TBankCard[], available: number | undefined, hasPin: boolean) {
  const withdrawal = useRequestWithdrawal();
  const { control, handleSubmit, resetField, reset } = useForm({
    resolver: requestResolver(ZWithdrawalRequest.extend({ pin: ZPinTyped }), {
      checks: ({ amount }) => {
        const paise = parseRupeesToPaise(amount);
        return {
          amount:
            paise.ok && available !== undefined && paise.paise > BigInt(available)
              ? FM.beyondBalance
              : null,
        };
      },
    }),
    // One account: it is the one chosen.
    defaultValues: {
      amount: '' as string | number,
      bank_card_id: cards.length === 1 ? cards[0]!.id : '',
      pin: '',
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!hasPin) {
      event.preventDefault();
      openSetPin();
      return;
    }
    void handleSubmit((body) => {
      if (withdrawal.isPending) return;
      withdrawal.mutate(body, {
        onSuccess: () => reset({ ...body, amount: '', pin: '' }),
        onError: (error) => {
          if (refusedWith(error, 'funds.setPinToWithdraw')) openSetPin();
          resetField('pin');
        },
      });
    })(event);
  };

  return { withdrawal, control, submit };
}

/** The account to pay into; with none, a way to add one in the bank accounts section. */
function BankCardField({
  control,
  cards,
}: {
  control: ReturnType<typeof useWithdrawForm>['control'];
  cards: TBankCard[];
}) {
  const { t } = useFundsTranslation();
  const navigate = useNavigate();
  const goToBankAccounts = () => void closeGlobalDrawer().then(() => navigate(BANK_SECTION_PATH));
  return (
    <Controller
      control={control}
      name="bank_card_id"
      render={({ field, fieldState }) =>
        cards.length ? (
          <Radio.Group
            label={t('withdraw.toAccount')}
            value={field.value || null}
            onChange={field.onChange}
            error={translateMessage(fieldState.error?.message) || undefined}
          >
            <Stack gap={6} mt={4}>
              {cards.map((card) => (
                <Radio
                  key={card.id}
                  value={card.id}
                  label={`${card.bank_name ?? card.ifsc} · ${card.account_number}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <>
            <Alert color="gray" data-testid="withdraw-no-cards">
              <Text size="sm">{t('withdraw.noCards')}</Text>
              <Anchor component="button" type="button" size="sm" onClick={goToBankAccounts}>
                {t('withdraw.addCard')}
              </Anchor>
            </Alert>
            {fieldState.error?.message && (
              <Text size="xs" c="red">
                {translateMessage(fieldState.error.message)}
              </Text>
            )}
          </>
        )
      }
    />
  );
}

/**
 * Amount, bank account and PIN. The shared request schema checks them (the PIN as typed),
 * then the balance: an amount beyond what is available is refused before anything is sent.
 */
function WithdrawForm({
  cards,
  available,
  hasPin,
}: {
  cards: TBankCard[];
  available: number | undefined;
  hasPin: boolean;
}) {
  const { t } = useFundsTranslation();
  const { withdrawal, control, submit } = useWithdrawForm(cards, available, hasPin);
  const result = withdrawal.data;
  return (
    <>
      {result && (
        <Alert color="teal" title={FUNDS_DONE.withdrawalRequested} data-testid="withdraw-result">
          <Group gap="xs">
            <Text size="sm">
              {formatPaise(result.amount_paise)} → {result.bank_card.account_number}
            </Text>
            <StatusBadge status={result.status} />
          </Group>
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('withdraw.title')}>
        <Stack gap="sm">
          <AmountField
            control={control}
            name="amount"
            label={t('withdraw.amount')}
            description={t('withdraw.minimum', { amount: formatPaise(10_000) })}
          />
          <BankCardField control={control} cards={cards} />
          <PinField control={control} name="pin" label={t('pin.label')} disabled={!hasPin} />
          {withdrawal.isError && (
            <Alert color="red" role="alert" data-testid="withdraw-error">
              {translateMessage(failureOf(withdrawal.error))}
            </Alert>
          )}
          <LoadingButton type="submit" loading={withdrawal.isPending} fullWidth>
            {t('withdraw.submit')}
          </LoadingButton>
        </Stack>
      </form>
    </>
  );
}
