import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AgreementStep } from './agreement-step';

const sized = (value: number) => ({
  configurable: true,
  get(this: HTMLElement) {
    return this.dataset.testid === 'agreement-text' ? value : 0;
  },
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', sized(1000));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized(300));
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
});

describe('AgreementStep (spec §2 KYC agreement)', () => {
  it('hides the reading hint only within 30 px of the bottom', () => {
    renderWithProviders(<AgreementStep onAgree={vi.fn()} onDisagree={vi.fn()} />);
    const text = screen.getByTestId('agreement-text');
    expect(screen.getByText('Scroll down to read the whole agreement')).toBeInTheDocument();
    text.scrollTop = 669; // 31 px left
    fireEvent.scroll(text);
    expect(screen.getByTestId('agreement-scroll-hint')).toBeInTheDocument();
    text.scrollTop = 670; // 30 px left
    fireEvent.scroll(text);
    expect(screen.queryByTestId('agreement-scroll-hint')).not.toBeInTheDocument();
    text.scrollTop = 0; // once read, it stays read
    fireEvent.scroll(text);
    expect(screen.queryByTestId('agreement-scroll-hint')).not.toBeInTheDocument();
  });

  it("enables 'Agree and Continue' only once the box is ticked", async () => {
    const onAgree = vi.fn();
    const { user } = renderWithProviders(<AgreementStep onAgree={onAgree} onDisagree={vi.fn()} />);
    const agree = screen.getByRole('button', { name: 'Agree and Continue' });
    expect(agree).toBeDisabled();
    await user.click(screen.getByLabelText('I have read and agree to the KYC Agreement'));
    expect(agree).toBeEnabled();
    await user.click(agree);
    expect(onAgree).toHaveBeenCalledOnce();
  });

  it("'I don't agree' asks to log out", async () => {
    const onDisagree = vi.fn();
    const { user } = renderWithProviders(
      <AgreementStep onAgree={vi.fn()} onDisagree={onDisagree} />,
    );
    await user.click(screen.getByRole('button', { name: "I don't agree" }));
    expect(onDisagree).toHaveBeenCalledOnce();
  });

  it('states that KYC data is kept for five to seven years', () => {
    renderWithProviders(<AgreementStep onAgree={vi.fn()} onDisagree={vi.fn()} />);
    expect(screen.getByText(/between five and seven years/)).toBeInTheDocument();
  });
});
