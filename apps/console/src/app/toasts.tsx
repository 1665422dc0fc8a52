import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/** Under Mantine's `sm` (48em), where the sidebar hides behind the header's burger. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The toast stack, at the bottom, where the console keeps nothing an officer needs while it
 * shows: at the top it lay over the header (on a phone the burger, so the menu could not be
 * opened until it went) and a page's own controls, such as a queue's Status filter (issue 31).
 * On a phone it spans the foot of the screen; at a desk it sits in the bottom-right corner.
 */
export function Toasts() {
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} />;
}
