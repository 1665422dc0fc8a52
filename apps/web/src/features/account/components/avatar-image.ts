import { AVATAR_FILE_NAME, AVATAR_WORKING_CAP_PX } from '@sampada/shared';

export interface TCropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const JPEG = 'image/jpeg';
const QUALITY = 0.9;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error());
    image.src = src;
  });
}

/**
 * The picture the cropper works on: the chosen file scaled down so that its longer side
 * is at most 1024 px (spec §9), as a JPEG data URL.
 */
export async function workingImage(file: File, cap = AVATAR_WORKING_CAP_PX): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const scale = Math.min(1, cap / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error();
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL(JPEG, QUALITY);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Cuts the square `area` (in image pixels) out of `src` and returns it as a JPEG data URL. */
export async function cropToJpeg(src: string, area: TCropArea): Promise<string> {
  const image = await loadImage(src);
  const side = Math.round(Math.min(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error();
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.drawImage(image, area.x, area.y, side, side, 0, 0, side, side);
  return canvas.toDataURL(JPEG, QUALITY);
}

/** A JPEG data URL as the avatar.jpg file to upload, or null when it cannot be read. */
export function dataUrlToFile(dataUrl: string, name = AVATAR_FILE_NAME): File | null {
  const match = /^data:(image\/jpeg);base64,(.+)$/.exec(dataUrl);
  if (!match) return null;
  try {
    const binary = atob(match[2]!);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new File([bytes], name, { type: match[1] });
  } catch {
    return null;
  }
}
