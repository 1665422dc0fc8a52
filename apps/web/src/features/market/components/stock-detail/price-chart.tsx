import { useComputedColorScheme } from '@mantine/core';
import { IST_OFFSET_MS, type TCandle, type TCandleInterval } from '@sampada/shared';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { nextBar } from './live-bar';

/**
 * lightweight-charts draws Unix times as UTC. Prices are Indian, so every time is shifted
 * by India's fixed offset (no daylight saving) to label the axis in IST.
 */
const IST_OFFSET_SECONDS = IST_OFFSET_MS / 1000;
const UP = '#2f9e44';
const DOWN = '#e03131';

const toBar = (candle: TCandle): CandlestickData<UTCTimestamp> => ({
  time: (candle.time + IST_OFFSET_SECONDS) as UTCTimestamp,
  open: candle.open,
  high: candle.high,
  low: candle.low,
  close: candle.close,
});

export interface PriceChartProps {
  candles: TCandle[];
  interval: TCandleInterval;
  /** The live price and its time (Unix seconds), drawn into the forming candle. */
  livePrice?: number;
  liveTime?: number;
  label: string;
  height?: number;
}

/** Axis text and grid for the page's colour scheme. */
function chartColors(scheme: 'light' | 'dark') {
  const dark = scheme === 'dark';
  const grid = dark ? '#2c2e33' : '#f1f3f5';
  return {
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: dark ? '#c9c9c9' : '#495057',
      fontFamily: 'inherit',
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
  } as const;
}

/** Candlesticks for one interval, the last candle kept live. Loaded only with the drawer. */
export default function PriceChart({
  candles,
  interval,
  livePrice,
  liveTime,
  label,
  height = 300,
}: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const colorScheme = useComputedColorScheme('light');
  const scheme = useRef(colorScheme);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastCandle = useRef<TCandle | undefined>(undefined);

  useEffect(() => {
    const created = createChart(container.current!, {
      autoSize: true,
      ...chartColors(scheme.current),
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
    });
    series.current = created.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
      borderVisible: false,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    });
    chart.current = created;
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  // The chart draws on a canvas: CSS cannot recolour it, so a scheme change re-applies colours.
  useEffect(() => {
    scheme.current = colorScheme;
    chart.current?.applyOptions(chartColors(colorScheme));
  }, [colorScheme]);

  useEffect(() => {
    const intraday = !['1d', '1w'].includes(interval);
    chart.current?.applyOptions({ timeScale: { timeVisible: intraday, secondsVisible: false } });
    series.current?.setData(candles.map(toBar));
    lastCandle.current = candles[candles.length - 1];
    chart.current?.timeScale().fitContent();
  }, [candles, interval]);

  useEffect(() => {
    if (livePrice === undefined || liveTime === undefined) return;
    const bar = nextBar(lastCandle.current, livePrice, liveTime, interval);
    if (!bar) return;
    lastCandle.current = bar;
    series.current?.update(toBar(bar));
  }, [livePrice, liveTime, interval]);

  return (
    <div
      ref={container}
      // A figure, not an img: the chart library puts a focusable attribution link inside.
      role="figure"
      aria-label={label}
      data-testid="price-chart"
      style={{ height, width: '100%' }}
    />
  );
}
