import { useMediaQuery } from '@mantine/hooks';

/** Under 768 px: bottom tabs, full-screen modals and card lists instead of tables (spec §2). */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** True on a phone-sized screen, known on the first render (no layout flash). */
export const useIsPhone = () =>
  Boolean(useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }));
