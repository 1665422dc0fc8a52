import { percentage } from '@sampada/shared';
import {
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BANK_SECTION_PATH, paths } from '../../../config/paths';
import { useProfile } from '../../../lib/auth';
import { openGlobalDrawer, openSetPin } from '../../../lib/drawers';
import { assetsQueryOptions, bankCardsQueryOptions } from '../../../lib/funds';
import { firstFillQueryOptions } from '../api/get-first-fill';
import { useDashboardTranslation } from '../i18n';

type TStep = 'bank' | 'pin' | 'money' | 'trade';

/** One step: done or not, its name and hint, and the button that opens its screen. */
function NextStepRow({ step, done, onGo }: { step: TStep; done: boolean; onGo: () => void }) {
  const { t } = useDashboardTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`next-step-${step}`}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon variant="transparent" color={done ? 'teal' : 'gray'} size="md">
          {done ? <IconCircleCheck size={20} /> : <IconCircleDashed size={20} />}
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t(`steps.${step}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`steps.${step}Hint`)}
          </Text>
        </Stack>
      </Group>
      {done ? (
        <Badge color="teal" variant="light">
          {t('steps.done')}
        </Badge>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          onClick={onGo}
          aria-label={t(`steps.${step}`)}
          data-testid={`next-step-${step}-go`}
        >
          {t(`steps.${step}Go`)}
        </Button>
      )}
    </Group>
  );
}

/**
 * What a new client does next (issue 31: a new client landed on ₹0.00 with nothing to do):
 * add a bank account, set a PIN, add money and make a first trade, each a button that opens
 * the screen that does it. Shown until every step is done; hidden until each is known, so a
 * client who has done them all never sees it flash.
 */
export function NextStepsCard() {
  const { t } = useDashboardTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const banks = useQuery(bankCardsQueryOptions());
  const assets = useQuery(assetsQueryOptions());
  const filled = useQuery(firstFillQueryOptions());
  if (!profile || !banks.data || !assets.data || filled.data === undefined) return null;
  const a = assets.data;
  const done: Record<TStep, boolean> = {
    bank: banks.data.length > 0,
    pin: profile.has_pin,
    money:
      a.cash_available_paise + a.cash_on_hold_paise > 0 ||
      a.invested_value_paise > 0 ||
      filled.data,
    trade: filled.data,
  };
  const steps = Object.keys(done) as TStep[];
  const count = steps.filter((step) => done[step]).length;
  if (count === steps.length) return null;
  const action: Record<TStep, () => void> = {
    bank: () => void navigate(BANK_SECTION_PATH),
    pin: openSetPin,
    money: () => openGlobalDrawer('deposit'),
    trade: () => void navigate(paths.market),
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="next-steps">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4">
          {t('steps.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('steps.progress', { done: count, total: steps.length })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {t('steps.intro')}
      </Text>
      <Progress
        value={percentage(count, steps.length)}
        size="sm"
        mb="md"
        aria-label={t('steps.progress', { done: count, total: steps.length })}
      />
      <Stack gap="sm">
        {steps.map((step) => (
          <NextStepRow key={step} step={step} done={done[step]} onGo={action[step]} />
        ))}
      </Stack>
    </Paper>
  );
}
