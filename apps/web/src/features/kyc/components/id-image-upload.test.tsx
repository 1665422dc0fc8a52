import { KYC_IMAGE_MAX_BYTES, M } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { IdImageUpload, checkIdImage } from './id-image-upload';

const image = (name = 'pan-front.jpg', type = 'image/jpeg') => new File(['x'], name, { type });

function setup(side: 'front' | 'back' = 'front') {
  const onChange = vi.fn();
  const view = renderWithProviders(
    <IdImageUpload
      side={side}
      label={side === 'front' ? 'ID Front' : 'ID Back'}
      value=""
      onChange={onChange}
    />,
  );
  const input = view.container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { onChange, input, ...view };
}

beforeEach(resetAppState);
afterEach(() => vi.restoreAllMocks());

describe('checkIdImage (spec §5 KYC ID)', () => {
  it('accepts images under 20 MB only', () => {
    expect(checkIdImage({ type: 'image/png', size: KYC_IMAGE_MAX_BYTES - 1 })).toBeNull();
    expect(checkIdImage({ type: 'image/png', size: KYC_IMAGE_MAX_BYTES })).toBe(M.imageTooLarge);
    expect(checkIdImage({ type: 'application/pdf', size: 10 })).toBe(M.onlyImages);
  });
});

describe('IdImageUpload', () => {
  it("refuses a file that is not an image with 'Only image files are allowed.'", async () => {
    const { user, input, onChange } = setup();
    const { calls } = mockApi({});
    await user.upload(input, new File(['%PDF'], 'id.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(M.onlyImages)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("refuses 20 MB or more with 'Image must be smaller than 20MB.'", async () => {
    const { user, input } = setup();
    const { calls } = mockApi({});
    const big = image('big.jpg');
    Object.defineProperty(big, 'size', { value: KYC_IMAGE_MAX_BYTES });
    await user.upload(input, big);
    expect(await screen.findByText(M.imageTooLarge)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('uploads the image as multipart field "file" and reports the front side', async () => {
    const { calls } = mockApi({
      'POST /client/app/v1/image': ok({ url: 'https://files.example/private/1?sig=a' }),
    });
    const { user, input, onChange } = setup('front');
    await user.upload(input, image());
    expect(await screen.findByText(M.uploadedFront)).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith('https://files.example/private/1?sig=a');
    const form = calls[0]!.body as FormData;
    expect(form.get('file')).toBeInstanceOf(File);
  });

  it('reports the back side', async () => {
    mockApi({ 'POST /client/app/v1/image': ok({ url: 'http://localhost/files/private/2' }) });
    const { user, input } = setup('back');
    await user.upload(input, image('back.png', 'image/png'));
    expect(await screen.findByText(M.uploadedBack)).toBeInTheDocument();
  });

  it("says 'Upload failed. Please try again.' when the url does not start with http", async () => {
    mockApi({ 'POST /client/app/v1/image': ok({ url: '/files/private/3' }) });
    const { user, input, onChange } = setup();
    await user.upload(input, image());
    expect(await screen.findByText(M.uploadInvalidUrl)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("says 'Image upload failed.' when the upload fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /client/app/v1/image': fail(500, '') });
    const { user, input, onChange } = setup();
    await user.upload(input, image());
    await waitFor(() => expect(screen.getByText(M.imageUploadFailed)).toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();
  });
});
