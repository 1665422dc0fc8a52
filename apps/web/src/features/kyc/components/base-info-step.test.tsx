import { M } from '@sampada/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BaseInfoStep, latestAdultDob } from './base-info-step';

const empty = { full_name: '', mobile: '', dob: '' };

function setup(defaults = empty) {
  const onNext = vi.fn();
  const onBack = vi.fn();
  return {
    onNext,
    onBack,
    ...renderWithProviders(
      <BaseInfoStep defaultValues={defaults} onBack={onBack} onNext={onNext} />,
    ),
  };
}

/** A date input only takes complete dates; fire the change as the browser's picker would. */
const setDob = (value: string) =>
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value } });

describe('BaseInfoStep (spec §5 KYC basic info)', () => {
  it('requires the full name and the date of birth', async () => {
    const { user, onNext } = setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.dobRequired)).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
  });

  it("shows 'Phone number must be 10–15 digits.' for a phone outside 9–15 digits", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Phone number (optional)'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.phoneInvalid)).toBeInTheDocument();
  });

  it('rejects a birth year before 1900 and anyone under 18', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Full name (as on your ID)'), 'Asha Rao');
    setDob('1899-12-31');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.dobInvalid)).toBeInTheDocument();
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    setDob(seventeen);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.mustBeAdult)).toBeInTheDocument();
  });

  it('keeps spaces inside a name and passes the values on', async () => {
    const { user, onNext } = setup();
    await user.type(screen.getByLabelText('Full name (as on your ID)'), ' Asha Devi Rao ');
    setDob('1990-05-17');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith({
      full_name: 'Asha Devi Rao',
      mobile: '',
      dob: '1990-05-17',
    });
  });

  it('takes the date as DD/MM/YYYY and shows it that way', async () => {
    const { user, onNext } = setup();
    await user.type(screen.getByLabelText('Full name (as on your ID)'), 'Asha Rao');
    setDob('17/05/1990');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledWith({ full_name: 'Asha Rao', mobile: '', dob: '1990-05-17' });
    expect(screen.getByLabelText('Date of birth')).toHaveValue('17/05/1990');
    expect(latestAdultDob(new Date('2026-03-15T10:00:00Z'))).toBe('2008-03-15');
  });
});
