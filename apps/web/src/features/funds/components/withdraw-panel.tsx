import {
  FM,
  FUNDS_DONE,
  M,
  ZWithdrawalRequest,
  formatPaise,
  md5,
  parseRupeesToPaise,
  type TWithdrawalView,
} from '@sampada/shared';
import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LoadingButton } from '../../../components/loading-button';
import { BANK_SECTION_PATH } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { isKycApproved, useProfile } from '../../../lib/auth';
import { closeGlobalDrawer } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { MASKED } from '../../../lib/market/format';
import {
  assetsQueryOptions,
  bankCardsQueryOptions,
  invalidateMoney,
  recentWithdrawalsQueryOptions,
  requestWithdrawal,
} from '../api/funds-api';
import { useFundsTranslation } from '../i18n';
import { AmountInput } from '../../../components/amount-input';
import { PinField, pinError } from '../../../components/pin-field';
import { openSetPin } from '../../../components/set-pin';
import { StatusBadge } from '../../../components/status-badge';
import { fieldErrors, formatDateTime } from '../../../lib/money';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

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
  const { t } = useFundsTranslation();
  const navigate = useNavigate();
  const { showAssets } = useAppSettings();
  const { data: profile } = useProfile();
  const assets = useQuery(assetsQueryOptions());
  const cards = useQuery(bankCardsQueryOptions());
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState<string | number>('');
  const [cardId, setCardId] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<TWithdrawalView | null>(null);

  const chosen = cardId ?? (cards.data?.length === 1 ? cards.data[0]!.id : null);
  const available = assets.data?.cash_available_paise;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (profile && !profile.has_pin) {
      openSetPin();
      return;
    }
    const parsed = ZWithdrawalRequest.safeParse({
      amount,
      bank_card_id: chosen ?? '',
      pin: md5(pin),
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    const pinProblem = pinError(pin);
    if (pinProblem) next.pin = t(pinProblem);
    const paise = parseRupeesToPaise(amount);
    if (!next.amount && paise.ok && available !== undefined && paise.paise > BigInt(available))
      next.amount = FM.beyondBalance;
    setErrors(next);
    if (Object.values(next).some(Boolean) || !chosen) return;
    const body = { amount, bank_card_id: chosen, pin };
    setBusy(true);
    setFailure(null);
    try {
      const withdrawal = await requestWithdrawal(body, idempotency.keyFor(body));
      idempotency.done();
      setResult(withdrawal);
      setAmount('');
      setPin('');
      void invalidateMoney();
    } catch (error) {
      console.error('Withdrawal request failed', error);
      const message = isApiError(error) ? error.message : M.requestFailed;
      if (message === FM.setPinToWithdraw) openSetPin();
      setFailure(translateMessage(message));
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  const goToBankAccounts = () => void closeGlobalDrawer().then(() => navigate(BANK_SECTION_PATH));

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
          <AmountInput
            label={t('withdraw.amount')}
            description={t('withdraw.minimum', { amount: formatPaise(10_000) })}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setErrors((current) => ({ ...current, amount: '' }));
            }}
            error={errors.amount || undefined}
          />
          {cards.data?.length ? (
            <Radio.Group
              label={t('withdraw.toAccount')}
              value={chosen}
              onChange={(value) => {
                setCardId(value);
                setErrors((current) => ({ ...current, bank_card_id: '' }));
              }}
              error={errors.bank_card_id || undefined}
            >
              <Stack gap={6} mt={4}>
                {cards.data.map((card) => (
                  <Radio
                    key={card.id}
                    value={card.id}
                    label={`${card.bank_name ?? card.ifsc} · ${card.account_number}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Alert color="gray" data-testid="withdraw-no-cards">
              <Text size="sm">{t('withdraw.noCards')}</Text>
              <Anchor component="button" type="button" size="sm" onClick={goToBankAccounts}>
                {t('withdraw.addCard')}
              </Anchor>
            </Alert>
          )}
          {errors.bank_card_id && !cards.data?.length && (
            <Text size="xs" c="red">
              {errors.bank_card_id}
            </Text>
          )}
          <PinField
            label={t('pin.label')}
            value={pin}
            onChange={(value) => {
              setPin(value);
              setErrors((current) => ({ ...current, pin: '' }));
            }}
            error={errors.pin}
            disabled={!profile.has_pin}
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="withdraw-error">
              {failure}
            </Alert>
          )}
          <LoadingButton type="submit" loading={busy} fullWidth>
            {t('withdraw.submit')}
          </LoadingButton>
        </Stack>
      </form>
      <RecentWithdrawals />
    </Stack>
  );
}
