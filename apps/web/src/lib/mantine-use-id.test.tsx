/**
 * The app's builds put src/lib/mantine-use-id.ts in place of @mantine/hooks' useId
 * (scripts/vite-mantine-use-id.ts): a component asking for an id mounts in one render, where
 * Mantine's own sets a second id in a layout effect and so renders every such component twice.
 */
import { useId as mantinesUseId } from '@mantine/hooks';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isMantineUseId } from '../../../../scripts/vite-mantine-use-id';
import { useId } from './mantine-use-id';

function rendersOnMounting(hook: (staticId?: string) => string) {
  const ids: string[] = [];
  function Labelled() {
    const id = hook();
    ids.push(id);
    return <span id={id}>label</span>;
  }
  render(<Labelled />);
  return ids;
}

describe("the app's Mantine useId", () => {
  it('mounts a component in one render, with an id usable in a selector', () => {
    const ids = rendersOnMounting(useId);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^mantine-[\w-]+$/);
    expect(document.querySelector(`#${ids[0]}`)).not.toBeNull();
  });

  it("is what Mantine's own does not: it renders again with a new id", () => {
    const ids = rendersOnMounting(mantinesUseId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('keeps an id it is given, and gives two components two ids', () => {
    expect(rendersOnMounting(() => useId('given'))).toEqual(['given']);
    const [a] = rendersOnMounting(useId);
    const [b] = rendersOnMounting(useId);
    expect(a).not.toBe(b);
  });

  it("the build plugin takes Mantine's module only from Mantine's hooks package", () => {
    const hooks = '/app/node_modules/@mantine/hooks/esm/index.mjs';
    expect(isMantineUseId('./use-id/use-id.mjs', hooks)).toBe(true);
    expect(isMantineUseId('./use-id/use-id.mjs', '/app/node_modules/other/index.mjs')).toBe(false);
    expect(isMantineUseId('./use-idle/use-idle.mjs', hooks)).toBe(false);
  });
});
