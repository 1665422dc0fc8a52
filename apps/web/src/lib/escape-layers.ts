/**
 * Escape closes only the top layer (issue 31). Every open Mantine modal and drawer closes on
 * Escape by itself, so one press closed an image viewer, the modal under it and the drawer
 * under that together. A window listener installed before any of them (capture phase, so it
 * runs first) takes the press when two or more layers are open and closes just the top one:
 * the layer that appeared last. Not the one holding the focus: a drawer that closes as it opens
 * another screen (the user drawer's Customer Service) keeps the focus through its exit, and a
 * press then closed nothing.
 */

const LAYER = '[role="dialog"][aria-modal="true"]';
const CLOSE = '.mantine-Modal-close, .mantine-Drawer-close';

/** When each layer appeared (a counter), recorded as Mantine mounts it. */
const appeared = new WeakMap<Element, number>();
let sequence = 0;

function record(records: MutationRecord[]) {
  for (const { addedNodes } of records)
    for (const node of addedNodes) {
      if (!(node instanceof Element)) continue;
      const found = node.matches(LAYER) ? [node] : [...node.querySelectorAll(LAYER)];
      for (const layer of found) if (!appeared.has(layer)) appeared.set(layer, ++sequence);
    }
}

const zIndexOf = (element: HTMLElement) => {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    const z = Number.parseInt(getComputedStyle(node).zIndex, 10);
    if (!Number.isNaN(z)) return z;
  }
  return 0;
};

/** The layer Escape should close, or null when at most one is open (Mantine's own rule). */
export function topLayer(doc: Document = document): HTMLElement | null {
  const layers = [...doc.querySelectorAll<HTMLElement>(LAYER)];
  if (layers.length < 2) return null;
  // The latest to appear; layers from before the listener, by focus, then height on screen.
  const newest = layers.reduce((top, layer) =>
    (appeared.get(layer) ?? 0) > (appeared.get(top) ?? 0) ? layer : top,
  );
  if (appeared.has(newest)) return newest;
  const focused = doc.activeElement;
  const holder = layers.find((layer) => focused && layer.contains(focused));
  if (holder) return holder;
  // Highest z-index; on a tie, the later in the document (painted on top).
  return layers.reduce((top, layer) => (zIndexOf(layer) >= zIndexOf(top) ? layer : top));
}

export function installEscapeClosesTopLayerOnly(win: Window = window) {
  const observer = new MutationObserver(record);
  observer.observe(win.document.body, { childList: true, subtree: true });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    // A combobox or menu inside the layer takes its own Escape (Mantine's marker).
    const target = event.target as HTMLElement | null;
    if (target?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
    record(observer.takeRecords());
    const top = topLayer(win.document);
    const close = top?.querySelector<HTMLElement>(CLOSE);
    if (!close) return;
    event.stopImmediatePropagation();
    close.click();
  };
  win.addEventListener('keydown', onKeyDown, { capture: true });
  return () => {
    observer.disconnect();
    win.removeEventListener('keydown', onKeyDown, { capture: true });
  };
}
