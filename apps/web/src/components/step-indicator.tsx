import { Stepper, type StepperProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

export interface TStep {
  label: string;
  description?: string;
}

export interface StepIndicatorProps extends Omit<StepperProps, 'children' | 'active'> {
  steps: TStep[];
  active: number;
}

/** Numbered progress through a flow; each step's sub-label defaults to the spec's wording. */
export function StepIndicator({ steps, active, ...props }: StepIndicatorProps) {
  const { t } = useTranslation();
  return (
    <Stepper active={active} size="sm" allowNextStepsSelect={false} {...props}>
      {steps.map((step) => (
        <Stepper.Step
          key={step.label}
          label={step.label}
          description={step.description ?? t('steps.subLabel')}
        />
      ))}
    </Stepper>
  );
}
