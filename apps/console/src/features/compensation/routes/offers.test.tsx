import { FM, M, OM, type TOfferInput } from '@sampada/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications } from '../../../test/session';
import { consoleOffer, OFFER_ID } from '../test/fixtures';
import { OffersPage } from './offers';

afterEach(cleanNotifications);

const IMAGE = `POST /offers/${OFFER_ID}/image`;
const REMOVE = `POST /offers/${OFFER_ID}/image/remove`;
const png = (name = 'banner.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
/** Pastes the whole value at once: typing key by key is slow on a shared machine. */
async function fill(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}
const fileInput = (dialog: HTMLElement) =>
  dialog.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;

async function openNew() {
  await userEvent.click(await screen.findByTestId('offer-new'));
  return screen.findByRole('dialog');
}
async function openExisting() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog');
}

describe('OffersPage: the list', () => {
  it('shows each offer with its terms and the budget used', async () => {
    mockApi({ 'GET /offers': ok([consoleOffer()]) });
    renderWithProviders(<OffersPage />);
    const row = await screen.findByTestId('offer-row');
    expect(within(row).getByText('Diwali cashback')).toBeInTheDocument();
    // The status in words, not its key (issue 31).
    expect(within(row).getByText(/^Published · /)).toBeInTheDocument();
    expect(within(row).getByText(/12.5% of brokerage up to ₹500.00/)).toBeInTheDocument();
    // ₹25,000 of ₹1,00,000.
    expect(within(row).getByTestId('offer-budget-used')).toHaveTextContent(
      '₹25,000.00 of ₹1,00,000.00 used',
    );
    expect(within(row).getByRole('button', { name: '50 claims' })).toBeInTheDocument();
  });
});

describe('OffersPage: the editor checks before it sends', () => {
  it('an empty new bonus says what is missing with the shared messages, and nothing is sent', async () => {
    const api = mockApi({ 'GET /offers': ok([]) });
    renderWithProviders(<OffersPage />);
    const dialog = await openNew();
    expect(within(dialog).getByTestId('offer-status')).toHaveValue('Draft');
    await userEvent.click(within(dialog).getByTestId('offer-save'));
    expect(await within(dialog).findByText(OM.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(OM.bodyRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(OM.amountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(OM.budgetRequired)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('a cashback without a readable rate, and an end before the start, are refused in place', async () => {
    const api = mockApi({ 'GET /offers': ok([]) });
    renderWithProviders(<OffersPage />);
    const dialog = await openNew();
    await fill(within(dialog).getByTestId('offer-title'), 'Cashback');
    await fill(within(dialog).getByTestId('offer-body'), 'Back in cash.');
    await userEvent.click(within(dialog).getByLabelText('Bonus'));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Brokerage cashback', hidden: true }),
    );
    await fill(within(dialog).getByTestId('offer-cashback'), 'a lot');
    await fill(within(dialog).getByTestId('offer-cap'), '500');
    await fill(within(dialog).getByTestId('offer-budget'), '100000');
    // The day is typed day first; the end now falls before the start.
    const until = within(dialog).getByLabelText('Valid until');
    fireEvent.change(until, { target: { value: '01/01/2020' } });
    fireEvent.blur(until);
    await userEvent.click(within(dialog).getByTestId('offer-save'));
    expect(await within(dialog).findByText(OM.cashbackInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(OM.validityInvalid)).toBeInTheDocument();
    expect(within(dialog).queryByText(OM.titleRequired)).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('an amount with more than 2 decimals gets the funds message at its field, and nothing is sent', async () => {
    const api = mockApi({ 'GET /offers': ok([]) });
    renderWithProviders(<OffersPage />);
    const dialog = await openNew();
    await fill(within(dialog).getByTestId('offer-title'), 'Welcome');
    await fill(within(dialog).getByTestId('offer-body'), 'Thanks.');
    await fill(within(dialog).getByTestId('offer-amount'), '100.505');
    await fill(within(dialog).getByTestId('offer-budget'), '25000');
    await userEvent.click(within(dialog).getByTestId('offer-save'));
    expect(await within(dialog).findByText(FM.amountDecimals)).toBeInTheDocument();
    expect(within(dialog).queryByText(OM.budgetRequired)).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it("sends rupees as text and a percentage as basis points, and shows the server's refusal", async () => {
    const api = mockApi({
      'GET /offers': ok([]),
      'POST /offers': fail(400, OM.budgetBelowUsed),
    });
    renderWithProviders(<OffersPage />);
    const dialog = await openNew();
    await fill(within(dialog).getByTestId('offer-title'), 'Welcome');
    await fill(within(dialog).getByTestId('offer-body'), 'Thanks.');
    await fill(within(dialog).getByTestId('offer-amount'), '100.50');
    await fill(within(dialog).getByTestId('offer-budget'), '25000');
    await userEvent.click(within(dialog).getByTestId('offer-save'));
    expect(await within(dialog).findByTestId('offer-error')).toHaveTextContent(OM.budgetBelowUsed);
    const sent = api.callsTo('POST /offers')[0]!.body as TOfferInput;
    expect(sent).toMatchObject({
      kind: 'bonus',
      bonus_kind: 'fixed',
      amount: '100.50',
      budget: '25000',
      cashback_bps: null,
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('OffersPage: validity in IST', () => {
  it("an offer's validity reads as an IST day and time, day first, and saves back unchanged", async () => {
    const api = mockApi({
      'GET /offers': ok([consoleOffer()]),
      [`PUT /offers/${OFFER_ID}`]: ok(consoleOffer()),
    });
    renderWithProviders(<OffersPage />);
    const dialog = await openExisting();
    // 2026-03-31T00:00Z is 5:30 am in India the same day; a native field showed it month first.
    expect(within(dialog).getByTestId('offer-valid-until-day')).toHaveValue('31 Mar 2026');
    expect(within(dialog).getByTestId('offer-valid-until-time')).toHaveValue('05:30');
    await userEvent.click(within(dialog).getByTestId('offer-save'));
    await waitFor(() => expect(api.callsTo(`PUT /offers/${OFFER_ID}`)).toHaveLength(1));
    const sent = api.callsTo(`PUT /offers/${OFFER_ID}`)[0]!.body as TOfferInput;
    expect(new Date(sent.valid_from).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(sent.valid_until).toISOString()).toBe('2026-03-31T00:00:00.000Z');
  });
});

describe('OffersPage: the picture', () => {
  it("a new offer's picture is previewed, then uploaded right after the first save", async () => {
    const created = consoleOffer({ kind: 'info', bonus_kind: null, title: 'Open house' });
    const api = mockApi({
      'GET /offers': ok([]),
      'POST /offers': ok(created, 'Offer saved.'),
      [IMAGE]: ok({ ...created, image_url: `/files/offers/${OFFER_ID}.jpg` }, 'Image uploaded.'),
    });
    renderWithProviders(<OffersPage />);
    const dialog = await openNew();
    await fill(within(dialog).getByTestId('offer-title'), 'Open house');
    await fill(within(dialog).getByTestId('offer-body'), 'Meet your advisor.');
    await userEvent.click(within(dialog).getByLabelText('Kind'));
    await userEvent.click(await screen.findByRole('option', { name: 'Information', hidden: true }));

    await userEvent.upload(fileInput(dialog), png());
    expect(within(dialog).getByRole('img', { name: 'Offer image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    expect(within(dialog).getByText('Uploaded when the offer is saved.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await userEvent.click(within(dialog).getByTestId('offer-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /offers',
      IMAGE,
    ]);
    expect(((api.callsTo(IMAGE)[0]!.body as FormData).get('file') as File).name).toBe('banner.png');
  });

  it("a saved offer's picture uploads at once; the server's refusal shows and no preview stays", async () => {
    const api = mockApi({
      'GET /offers': ok([consoleOffer()]),
      [IMAGE]: fail(400, M.onlyImages),
    });
    renderWithProviders(<OffersPage />);
    const dialog = await openExisting();
    await userEvent.upload(fileInput(dialog), png('renamed.png'));
    expect(await within(dialog).findByTestId('image-error')).toHaveTextContent(M.onlyImages);
    expect(within(dialog).queryByRole('img', { name: 'Offer image preview' })).toBeNull();
    expect(api.callsTo(IMAGE)).toHaveLength(1);
  });

  it('a file the browser does not call an image is refused without asking the server', async () => {
    const api = mockApi({ 'GET /offers': ok([consoleOffer()]) });
    renderWithProviders(<OffersPage />);
    const dialog = await openExisting();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(dialog), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByTestId('image-error')).toHaveTextContent(M.onlyImages);
    expect(api.callsTo(IMAGE)).toHaveLength(0);
  });

  it('replaces a picture with the one the server kept, then removes it', async () => {
    const withImage = consoleOffer({ image_url: '/files/offers/old.jpg' });
    const api = mockApi({
      'GET /offers': ok([withImage]),
      [IMAGE]: ok({ ...withImage, image_url: '/files/offers/new.jpg' }, 'Image uploaded.'),
      [REMOVE]: ok({ ...withImage, image_url: null }, 'Image removed.'),
    });
    renderWithProviders(<OffersPage />);
    const dialog = await openExisting();
    const preview = () => within(dialog).queryByRole('img', { name: 'Offer image preview' });
    expect(preview()).toHaveAttribute('src', '/files/offers/old.jpg');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace image' }));
    await userEvent.upload(fileInput(dialog), png());
    await waitFor(() => expect(preview()).toHaveAttribute('src', '/files/offers/new.jpg'));
    expect(await screen.findByText('Image uploaded.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText('No image. Clients see the offer without a picture.'),
    ).toBeInTheDocument();
    expect(api.callsTo(REMOVE)).toHaveLength(1);
    expect(preview()).toBeNull();
  });
});
