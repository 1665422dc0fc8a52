import { Progress, Stack, Stepper, Text, type StepperProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../lib/i18n';

export interface TStep {
  label: string;
  description?: string;
}

export interface StepIndicatorProps extends Omit<StepperProps, 'children' | 'active'> {
  steps: TStep[];
  active: number;
}

/**
 * Numbered progress through a flow; the sub-label defaults to the spec's wording.
 * Under 768 px it folds into 'Step n of N' with a bar, so the form stays on screen.
 */
export function StepIndicator({ steps, active, ...props }: StepIndicatorProps) {
  const { t } = useTranslation();
  const compact = useMediaQuery('(max-width: 47.99em)', undefined, {
    getInitialValueInEffect: false,
  });
  const current = steps[Math.min(active, steps.length - 1)];
  if (compact && current) {
    return (
      <Stack gap={4} data-testid="step-indicator">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('steps.counter', { current: Math.min(active + 1, steps.length), total: steps.length })}
        </Text>
        <Text fw={600}>{current.label}</Text>
        <Text size="xs" c="dimmed">
          {current.description ?? t('steps.subLabel')}
        </Text>
        <Progress
          value={(Math.min(active + 1, steps.length) / steps.length) * 100}
          size="sm"
          mt={4}
        />
      </Stack>
    );
  }
  // The default sub-label once, under the row of steps, rather than repeated under each one;
  // steps keep their own descriptions. The steps stay on one row (no wrap).
  return (
    <Stack gap={6} data-testid="step-indicator">
      <Stepper active={active} size="sm" allowNextStepsSelect={false} wrap={false} {...props}>
        {steps.map((step) => (
          <Stepper.Step key={step.label} label={step.label} description={step.description} />
        ))}
      </Stepper>
      {!current?.description && (
        <Text size="xs" c="dimmed">
          {t('steps.subLabel')}
        </Text>
      )}
    </Stack>
  );
}
