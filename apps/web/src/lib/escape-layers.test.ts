import { afterEach, describe, expect, it, vi } from 'vitest';
import { installEscapeClosesTopLayerOnly } from './escape-layers';

/** A Mantine-like layer: a modal dialog with its close button. */
function layer(name: string, onClose: () => void) {
  const dialog = document.createElement('section');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-label', name);
  const close = document.createElement('button');
  close.className = 'mantine-Modal-close';
  close.addEventListener('click', () => {
    onClose();
    dialog.remove();
  });
  dialog.append(close);
  document.body.append(dialog);
  return { dialog, close };
}

const escape = () =>
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', cancelable: true }));

afterEach(() => document.body.replaceChildren());

describe('Escape with layers open', () => {
  it('closes only the latest layer, then the one under it, and leaves one layer to Mantine', () => {
    const uninstall = installEscapeClosesTopLayerOnly();
    // Mantine's own listener on every layer, registered after ours (as the modals mount later).
    const mantine = vi.fn();
    window.addEventListener('keydown', mantine, { capture: true });
    const closed: string[] = [];
    layer('drawer', () => closed.push('drawer'));
    layer('View KYC', () => closed.push('View KYC'));
    const viewer = layer('ID Front', () => closed.push('ID Front'));
    viewer.close.focus();

    escape();
    expect(closed).toEqual(['ID Front']);
    expect(mantine).not.toHaveBeenCalled();
    escape();
    expect(closed).toEqual(['ID Front', 'View KYC']);
    // One layer left: Mantine's own Escape handles it.
    escape();
    expect(closed).toHaveLength(2);
    expect(mantine).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', mantine, { capture: true });
    uninstall();
  });

  it('a drawer still closing (the focus still in it) does not keep Escape from the screen it opened', () => {
    const uninstall = installEscapeClosesTopLayerOnly();
    const closed: string[] = [];
    // The user drawer, as it closes to open Customer Service: its exit leaves it in the DOM
    // with the focus on the item clicked, and its close button does nothing any more.
    const userDrawer = layer('Account', () => {});
    userDrawer.close.replaceWith(userDrawer.close.cloneNode(true));
    userDrawer.dialog.querySelector('button')!.focus();
    layer('Customer Service', () => closed.push('Customer Service'));

    escape();
    expect(closed).toEqual(['Customer Service']);
    uninstall();
  });
});
