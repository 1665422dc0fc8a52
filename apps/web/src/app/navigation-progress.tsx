import { Progress } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from '../lib/i18n';

/** Progress bar speed and minimum (spec §9). */
const SPEED_MS = 500;
const MINIMUM = 0.3;

/** A thin bar at the top while a route loads: starts at 30% and creeps toward 90%. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!busy) {
      setValue((v) => (v > 0 ? 1 : 0));
      const done = setTimeout(() => setValue(0), SPEED_MS);
      return () => clearTimeout(done);
    }
    setValue(MINIMUM);
    const timer = setInterval(() => setValue((v) => Math.min(0.9, v + (0.9 - v) * 0.2)), SPEED_MS);
    return () => clearInterval(timer);
  }, [busy]);

  if (value === 0) return null;
  return (
    <Progress
      value={value * 100}
      size={3}
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      transitionDuration={SPEED_MS}
      aria-label={t('pageLoading')}
    />
  );
}
