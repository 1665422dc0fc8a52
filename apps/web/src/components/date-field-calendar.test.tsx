import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateField } from './date-field';

/** The date of birth as the KYC form has it: a calendar opening on January 2014, then a button. */
function BirthDate() {
  const [value, setValue] = useState('');
  return (
    <>
      <DateField label="Date of birth" value={value} onChange={setValue} defaultDate="2014-01-01" />
      <button type="button">Next</button>
      <output data-testid="value">{value}</output>
    </>
  );
}

const calendar = () => document.querySelector('[data-dates-dropdown]');

async function openCalendar() {
  const rendered = renderWithProviders(<BirthDate />);
  await rendered.user.click(screen.getByLabelText('Date of birth'));
  await waitFor(() => expect(calendar()).not.toBeNull());
  return rendered;
}

describe('the date field calendar never stays open over the form (issue 31)', () => {
  it('closes once a day is picked, and the field holds that day', async () => {
    const { user } = await openCalendar();
    await user.click(await screen.findByLabelText('15 January 2014'));
    await waitFor(() => expect(calendar()).toBeNull());
    expect(screen.getByTestId('value')).toHaveTextContent('2014-01-15');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('15/01/2014');
  });

  it('stays open while the reader moves between months, to pick a day there', async () => {
    const { user } = await openCalendar();
    await user.click(await screen.findByText('January 2014'));
    expect(await screen.findByText('Mar')).toBeInTheDocument();
    expect(calendar()).not.toBeNull();
  });

  it('closes on Escape', async () => {
    const { user } = await openCalendar();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calendar()).toBeNull());
  });

  it('closes on a click outside it', async () => {
    const { user } = await openCalendar();
    await user.click(screen.getByTestId('value'));
    await waitFor(() => expect(calendar()).toBeNull());
  });

  it('closes once a full date is typed, and an autofilled date does not open it', async () => {
    const { user } = await openCalendar();
    await user.keyboard('14/03/1992');
    expect(screen.getByTestId('value')).toHaveTextContent('1992-03-14');
    await waitFor(() => expect(calendar()).toBeNull());
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-05-17' } });
    expect(screen.getByTestId('value')).toHaveTextContent('1990-05-17');
    expect(calendar()).toBeNull();
  });
});
