import { TOAST_DURATION_MS } from '@sampada/shared';
import { Notifications } from '@mantine/notifications';
import { useIsPhone } from '../lib/use-is-phone';

/**
 * The toast stack, loaded with the first toast (root.tsx): its store already holds it. On a
 * computer top-right, below the header (global.css); on a phone at the bottom, above the tab
 * bar, as a phone app's snackbar: there it covers neither the header's bell, the bell's list
 * nor a screen's tabs under the header (issue 31: a notice's toast lay over them).
 */
export default function Toasts() {
  const phone = useIsPhone();
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'top-right'}
      autoClose={TOAST_DURATION_MS}
      pauseResetOnHover="notification"
    />
  );
}
