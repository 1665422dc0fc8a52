import { TOAST_DURATION_MS } from '@sampada/shared';
import { Notifications } from '@mantine/notifications';

/** The toast stack, loaded with the first toast (root.tsx): its store already holds it. */
export default function Toasts() {
  return (
    <Notifications
      position="top-right"
      autoClose={TOAST_DURATION_MS}
      pauseResetOnHover="notification"
    />
  );
}
