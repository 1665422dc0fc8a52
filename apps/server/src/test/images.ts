import sharp from 'sharp';

/** A real PNG of the given size, with EXIF-bearing JPEG variant for privacy checks. */
export const pngImage = (width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

export const jpegWithExif = (width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 60 } } })
    .withExif({ IFD0: { Make: 'SecretPhone', Artist: 'GPS-bearing camera' } })
    .jpeg()
    .toBuffer();

export function formWith(bytes: Buffer, fileName: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  return form;
}
