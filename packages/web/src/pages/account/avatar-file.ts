import type { MessageKey } from '@portal/model';

/** Same limits as the server: png, jpeg or gif, at most 100 KB. */
export const AVATAR_MAX_BYTES = 100 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** Why a chosen file cannot be a profile photo (not an image we take), or null when it can. */
export function avatarProblem(file: { type: string; size: number }): MessageKey | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'avatar.badType';
  return null;
}

/** Draws the picture with its long side at `side` px and encodes it as JPEG at `quality`. */
export type AvatarEncoder = (side: number, quality: number) => Promise<Blob>;

/** Long side of the first try: a 96 px avatar shown on a sharp screen needs no more. */
export const AVATAR_FIRST_SIDE = 512;
const QUALITIES = [0.9, 0.8, 0.7, 0.6];
const MIN_SIDE = 64;

/**
 * A photo over the limit is shrunk instead of refused (issue 24: a 208 KB photo was refused): JPEG
 * at falling quality, then smaller, until it fits. Null when even the smallest try does not fit.
 */
export async function shrinkToLimit(longSide: number, encode: AvatarEncoder, max = AVATAR_MAX_BYTES): Promise<Blob | null> {
  for (let side = Math.min(longSide, AVATAR_FIRST_SIDE); side >= MIN_SIDE; side = Math.floor(side * 0.75)) {
    for (const q of QUALITIES) {
      const b = await encode(side, q);
      if (b.size <= max) return b;
    }
  }
  return null;
}

/** The canvas encoder of a decoded picture (EXIF orientation applied). */
function canvasEncoder(bitmap: ImageBitmap): AvatarEncoder {
  return (side, quality) => {
    const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return Promise.reject(new Error('canvas'));
    // JPEG has no transparency: a transparent png gets a white ground, not black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', quality));
  };
}

/** The file as it will be sent: unchanged when within the limit, else shrunk; null when it cannot fit. */
export async function avatarWithinLimit(file: Blob): Promise<Blob | null> {
  if (file.size <= AVATAR_MAX_BYTES) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return await shrinkToLimit(Math.max(bitmap.width, bitmap.height), canvasEncoder(bitmap));
  } finally {
    bitmap.close();
  }
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}
