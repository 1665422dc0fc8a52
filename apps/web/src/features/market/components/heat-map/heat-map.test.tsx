import type { THeatmapSector } from '@sampada/shared';
import { DEFAULT_THEME, luminance } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { drawerStore } from '../../../../lib/drawers';
import { renderWithProviders, resetAppState } from '../../../../test/render';
import { heatColor } from './heat-color';
import { HeatMap } from './heat-map';
import { squarify } from './squarify';

const stock = (symbol: string, change_pct: number, market_cap: number) => ({
  symbol,
  name: `${symbol} Ltd`,
  price: 1000,
  change_pct,
  market_cap,
});

const sectors: THeatmapSector[] = [
  {
    sector: 'Financial Services',
    change_pct: 0.8,
    market_cap: 600,
    stocks: [stock('HDFCBANK', 2.4, 400), stock('SBIN', -0.3, 200)],
  },
  {
    sector: 'Energy',
    change_pct: -1.5,
    market_cap: 300,
    stocks: [stock('RELIANCE', -1.5, 300)],
  },
  { sector: 'Metals', change_pct: 0, market_cap: 100, stocks: [stock('TATASTEEL', 0, 100)] },
];

beforeEach(() => {
  resetAppState();
  drawerStore.set({ open: null });
});

describe('sector heat map', () => {
  it('colours gains green and losses red, deeper for bigger moves, grey when flat', () => {
    renderWithProviders(<HeatMap sectors={sectors} />);
    const tile = (symbol: string) => screen.getByTestId(`heat-tile-${symbol}`);
    expect(tile('HDFCBANK')).toHaveAttribute('data-tone', 'gain');
    expect(tile('HDFCBANK').style.background).toBe('var(--mantine-color-green-8)');
    expect(tile('SBIN')).toHaveAttribute('data-tone', 'loss');
    expect(tile('SBIN').style.background).toBe('var(--mantine-color-red-3)');
    expect(tile('RELIANCE').style.background).toBe('var(--mantine-color-red-6)');
    expect(tile('TATASTEEL')).toHaveAttribute('data-tone', 'flat');
    expect(tile('TATASTEEL').style.background).toBe('var(--mantine-color-gray-4)');
  });

  it('names every tile with symbol, company, price and signed change, grouped by sector', async () => {
    const { user } = renderWithProviders(<HeatMap sectors={sectors} />);
    const finance = screen.getByRole('group', { name: 'Financial Services, +0.80%' });
    expect(
      within(finance).getByRole('button', { name: 'HDFCBANK, HDFCBANK Ltd, ₹1,000.00, +2.40%' }),
    ).toBeInTheDocument();
    expect(within(finance).getByRole('button', { name: /^SBIN, .*-0\.30%$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^RELIANCE,/ }));
    expect(drawerStore.get().stock).toEqual({ symbol: 'RELIANCE', market: 'NSE' });
  });

  it('is one tab stop; arrow keys move between tiles and Enter opens one', async () => {
    const { user } = renderWithProviders(
      <>
        <button type="button">before</button>
        <HeatMap sectors={sectors} />
        <button type="button">after</button>
      </>,
    );
    const tiles = screen.getAllByRole('button', { name: /, ₹1,000\.00, / });
    expect(tiles.filter((tile) => tile.tabIndex === 0)).toHaveLength(1);
    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toHaveAttribute('data-symbol', 'HDFCBANK');
    await user.keyboard('{End}');
    const last = document.activeElement as HTMLElement;
    expect(last.dataset.symbol).not.toBe('HDFCBANK');
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAttribute('data-symbol', 'HDFCBANK');
    await user.keyboard('{ArrowRight}');
    const moved = (document.activeElement as HTMLElement).dataset.symbol;
    expect(moved).toBeDefined();
    expect(moved).not.toBe('HDFCBANK');
    await user.tab();
    expect(document.activeElement).toHaveTextContent('after');
    // Back in, the map remembers the tile last focused.
    await user.tab({ shift: true });
    expect(document.activeElement).toHaveAttribute('data-symbol', moved);
    await user.keyboard('{Enter}');
    expect(drawerStore.get().stock).toEqual({ symbol: moved, market: 'NSE' });
  });

  it('sizes tiles by market cap', () => {
    renderWithProviders(<HeatMap sectors={sectors} />);
    const area = (testId: string) => {
      const style = screen.getByTestId(testId).style;
      return (parseFloat(style.width) * parseFloat(style.height)) / 10_000;
    };
    expect(area('heat-sector-Financial Services')).toBeCloseTo(0.6, 5);
    expect(area('heat-sector-Energy')).toBeCloseTo(0.3, 5);
    expect(area('heat-sector-Metals')).toBeCloseTo(0.1, 5);
  });
});

describe('heat colour and squarified layout', () => {
  it('steps the shade at 0.5, 1, 2 and 3 percent', () => {
    expect([0.1, 0.5, 1, 2, 3, 7].map((pct) => heatColor(pct).background)).toEqual([
      'var(--mantine-color-green-3)',
      'var(--mantine-color-green-5)',
      'var(--mantine-color-green-6)',
      'var(--mantine-color-green-8)',
      'var(--mantine-color-green-9)',
      'var(--mantine-color-green-9)',
    ]);
    expect(heatColor(-3).background).toBe('var(--mantine-color-red-9)');
    expect(heatColor(null).tone).toBe('flat');
  });

  it('every tile text reads at WCAG AA (4.5:1) on its shade', () => {
    const hex = (variable: string) => {
      const [, name, shade] = /--mantine-color-(\w+)(?:-(\d))?\)/.exec(variable)!;
      if (name === 'white') return DEFAULT_THEME.white;
      if (name === 'black') return DEFAULT_THEME.black;
      return DEFAULT_THEME.colors[name!]![Number(shade)]!;
    };
    const ratio = (a: string, b: string) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (high + 0.05) / (low + 0.05);
    };
    for (const pct of [0, 0.5, 1, 2, 3, -0.5, -1, -2, -3]) {
      const { background, color } = heatColor(pct);
      expect(ratio(hex(background), hex(color)), `${pct}%`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('fills the box with areas proportional to the weights and no overlap', () => {
    const weights = [6, 6, 4, 3, 2, 2, 1];
    const box = { x: 0, y: 0, w: 600, h: 400 };
    const tiles = squarify(weights, (w) => w, box);
    const total = weights.reduce((a, b) => a + b, 0);
    for (const { item, rect } of tiles) {
      expect(rect.w * rect.h).toBeCloseTo((item / total) * box.w * box.h, 6);
      expect(rect.x + rect.w).toBeLessThanOrEqual(box.w + 1e-9);
      expect(rect.y + rect.h).toBeLessThanOrEqual(box.h + 1e-9);
    }
    for (const [i, a] of tiles.entries()) {
      for (const b of tiles.slice(i + 1)) {
        const overlapX =
          Math.min(a.rect.x + a.rect.w, b.rect.x + b.rect.w) - Math.max(a.rect.x, b.rect.x);
        const overlapY =
          Math.min(a.rect.y + a.rect.h, b.rect.y + b.rect.h) - Math.max(a.rect.y, b.rect.y);
        expect(overlapX <= 1e-9 || overlapY <= 1e-9).toBe(true);
      }
    }
    expect(squarify([0, -1], (w) => w, box)).toEqual([]);
  });
});
