import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { theme } from './theme';
import Toasts from './toasts';

beforeEach(() => notifications.clean());

/** Renders the stack at a phone's width (the phone query matches) or a computer's. */
function renderAt(phone: boolean) {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...matchMedia(query),
    matches: phone,
  })) as typeof window.matchMedia;
  try {
    render(
      <MantineProvider theme={theme}>
        <Toasts />
      </MantineProvider>,
    );
  } finally {
    window.matchMedia = matchMedia;
  }
  act(() => void notifications.show({ message: 'Your order was filled.' }));
  return screen.getByText('Your order was filled.').closest('[data-position]');
}

describe('the toast stack', () => {
  it('on a phone sits at the bottom, above the tab bar, off the header, the bell’s list and the tabs under it', () => {
    expect(renderAt(true)).toHaveAttribute('data-position', 'bottom-center');
  });

  it('on a computer stays top-right (below the header, global.css)', () => {
    expect(renderAt(false)).toHaveAttribute('data-position', 'top-right');
  });
});
