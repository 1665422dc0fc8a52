import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DayInput, parseDay } from './day-field';

function Picker({ initial, onDay }: { initial: string; onDay: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <DayInput
      label="Trade date"
      value={day}
      onChange={(next) => {
        setDay(next);
        onDay(next);
      }}
    />
  );
}

describe('DayInput', () => {
  it('shows a day as 10 Mar 2026 (5 Nov 2026), whatever the browser locale, and keeps the value ISO', () => {
    const days: string[] = [];
    renderWithProviders(<Picker initial="2026-03-10" onDay={(day) => days.push(day)} />);
    const input = screen.getByLabelText('Trade date');
    expect(input).toHaveValue('10 Mar 2026');
    expect(input).not.toHaveAttribute('type', 'date');
    fireEvent.change(input, { target: { value: '05/11/2026' } });
    fireEvent.blur(input);
    expect(days).toEqual(['2026-11-05']);
    expect(input).toHaveValue('5 Nov 2026');
  });

  it('reads what staff type day first, and no day that does not exist', () => {
    expect(parseDay('10 Mar 2026')).toBe('2026-03-10');
    expect(parseDay('5 november 2026')).toBe('2026-11-05');
    expect(parseDay('05/11/2026')).toBe('2026-11-05');
    expect(parseDay('5.11.2026')).toBe('2026-11-05');
    expect(parseDay('2026-11-05')).toBe('2026-11-05');
    expect(parseDay('31 Feb 2026')).toBeNull();
    expect(parseDay('13/13/2026')).toBeNull();
    expect(parseDay('10 Foo 2026')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});
