import { fireEvent, within } from '@testing-library/react';

/**
 * Types an IST date and time ('2099-03-10T09:15') into an IstDateTimeInput: the day as staff may
 * type it (an ISO day is one of the forms it reads), the time into its own field.
 */
export function setIstDateTime(scope: HTMLElement, testId: string, local: string) {
  const day = within(scope).getByTestId(`${testId}-day`);
  fireEvent.change(day, { target: { value: local.slice(0, 10) } });
  fireEvent.blur(day);
  fireEvent.change(within(scope).getByTestId(`${testId}-time`), {
    target: { value: local.slice(11, 16) },
  });
}
