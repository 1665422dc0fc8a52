import { AVATAR_FILE_NAME, M } from '@sampada/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { queryClient } from '../../../lib/query-client';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import {
  CROP_DEBOUNCE_MS,
  UpdateAvatarModal,
  avatarReducer,
  initialAvatarState,
} from './update-avatar-modal';

const JPEG = 'data:image/jpeg;base64,/9j/4AAQ';

// No canvas in happy-dom: the image helpers and the cropper are replaced by simple stand-ins.
const helpers = vi.hoisted(() => ({
  workingImage: vi.fn(async () => 'data:image/jpeg;base64,WORK'),
  cropToJpeg: vi.fn(async () => 'data:image/jpeg;base64,/9j/4AAQ'),
}));
vi.mock('./avatar-image', async (original) => ({ ...(await original<object>()), ...helpers }));
vi.mock('react-easy-crop', () => ({
  default: ({
    onCropComplete,
    aspect,
  }: {
    onCropComplete: (a: unknown, p: unknown) => void;
    aspect: number;
  }) => (
    <button
      type="button"
      data-aspect={aspect}
      onClick={() => onCropComplete({}, { x: 0, y: 0, width: 50, height: 50 })}
    >
      crop
    </button>
  ),
}));

const choose = async (user: ReturnType<typeof renderWithProviders>['user'], name = 'me.png') => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['x'], name, { type: 'image/png' }));
};

/** Makes a crop and lets the 500 ms debounce run. */
const crop = async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  act(() => screen.getByRole('button', { name: 'crop' }).click());
  await act(async () => vi.advanceTimersByTime(CROP_DEBOUNCE_MS));
  vi.useRealTimers();
};

beforeEach(() => {
  resetAppState();
  queryClient.setQueryData(queryKeys.profile, {
    id: 'C1',
    name: 'Asha',
    username: '+919876543210',
    avatar: null,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('avatarReducer (spec §4 avatar modal)', () => {
  it('moves no image → chosen → cropped → uploading → failed, and a new file clears the preview', () => {
    let state = avatarReducer(initialAvatarState, { type: 'choose', fileName: 'a.png' });
    expect(state).toEqual({ fileName: 'a.png', image: null, preview: null, uploading: false });
    expect(avatarReducer(state, { type: 'uploadStart' }).uploading).toBe(false);
    state = avatarReducer(state, { type: 'imageReady', image: 'img' });
    state = avatarReducer(state, { type: 'cropped', preview: JPEG });
    expect(state.preview).toBe(JPEG);
    state = avatarReducer(state, { type: 'uploadStart' });
    expect(state.uploading).toBe(true);
    expect(avatarReducer(state, { type: 'cropped', preview: 'other' }).preview).toBe(JPEG);
    state = avatarReducer(state, { type: 'uploadFailed' });
    expect(state).toMatchObject({ uploading: false, preview: JPEG });
    state = avatarReducer(state, { type: 'choose', fileName: 'b.png' });
    expect(state).toMatchObject({ fileName: 'b.png', image: null, preview: null });
  });
});

describe('UpdateAvatarModal', () => {
  it("shows 'Existing Avatar' and a disabled 'Upload Avatar' until a crop exists", async () => {
    const { user } = renderWithProviders(<UpdateAvatarModal onDone={vi.fn()} />);
    expect(screen.getByTestId('avatar-caption')).toHaveTextContent('Existing Avatar');
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeDisabled();
    await choose(user, 'portrait-from-the-family-wedding.png');
    expect(screen.getByTestId('avatar-file-name')).toHaveTextContent(
      'portrait-from-the-family-wedding.png',
    );
    expect(await screen.findByRole('button', { name: 'crop' })).toHaveAttribute('data-aspect', '1');
    expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeDisabled();
    await crop();
    expect(screen.getByTestId('avatar-caption')).toHaveTextContent('Avatar Preview');
    expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeEnabled();
  });

  it('uploads avatar.jpg as JPEG, says so, refreshes the profile and closes', async () => {
    const { calls } = mockApi({
      'POST /client/app/v1/avatar': ok({ url: 'http://localhost/files/avatars/1.jpg' }),
      'GET /auth/app/v1/client_info': ok({
        id: 'C1',
        username: '+919876543210',
        avatar: 'x',
        kycStatus: 'approved',
      }),
    });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<UpdateAvatarModal onDone={onDone} />);
    await choose(user);
    await screen.findByRole('button', { name: 'crop' });
    await crop();
    await user.click(screen.getByRole('button', { name: 'Upload Avatar' }));
    expect(await screen.findByText(M.avatarUploaded)).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledOnce();
    const file = (calls[0]!.body as FormData).get('file') as File;
    expect(file.name).toBe(AVATAR_FILE_NAME);
    expect(file.type).toBe('image/jpeg');
    expect(calls.some((call) => call.url === '/auth/app/v1/client_info')).toBe(true);
  });

  it("shows 'Uploading...' while sending, then 'Upload failed' and enables the button again", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'POST /client/app/v1/avatar': async () => {
        await gate;
        return fail(500, 'Something went wrong on our side. Please try again.');
      },
    });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<UpdateAvatarModal onDone={onDone} />);
    await choose(user);
    await screen.findByRole('button', { name: 'crop' });
    await crop();
    await user.click(screen.getByRole('button', { name: 'Upload Avatar' }));
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    release();
    expect(await screen.findByText(M.avatarUploadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeEnabled();
    expect(onDone).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });

  it('choosing a new file clears the preview', async () => {
    const { user } = renderWithProviders(<UpdateAvatarModal onDone={vi.fn()} />);
    await choose(user);
    await screen.findByRole('button', { name: 'crop' });
    await crop();
    expect(screen.getByTestId('avatar-caption')).toHaveTextContent('Avatar Preview');
    await choose(user, 'other.png');
    expect(screen.getByTestId('avatar-caption')).toHaveTextContent('Existing Avatar');
    expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeDisabled();
  });

  it('stops silently when the crop cannot become a file', async () => {
    helpers.cropToJpeg.mockResolvedValueOnce('data:image/png;base64,AAAA');
    const { calls } = mockApi({});
    const { user } = renderWithProviders(<UpdateAvatarModal onDone={vi.fn()} />);
    await choose(user);
    await screen.findByRole('button', { name: 'crop' });
    await crop();
    await user.click(screen.getByRole('button', { name: 'Upload Avatar' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload Avatar' })).toBeEnabled();
  });
});
