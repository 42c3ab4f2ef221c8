import { formatUtc8 } from '../../shared/date.ts';

/**
 * Site photos are shrunk on the phone before they are queued: a camera picture (4000 × 3000)
 * becomes a JPEG of at most 1600 px on its long side (a sixth of the pixels) — enough to see the
 * machine's plate, small enough to upload on a weak signal and to keep several in IndexedDB.
 */
export const PHOTO_MAX_PX = 1600;
export const PHOTO_QUALITY = 0.82;

/** The size that fits within `max` px on the long side, keeping the aspect ratio (never enlarged). */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_PX): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A file name no other photo of the order has (the server refuses a second file of one name); stamped in China time. */
export function photoName(at: Date, n: number): string {
  const stamp = formatUtc8(at, 'YYYYMMDD-HHmmss');
  return `site-${stamp}-${String(n).padStart(2, '0')}-${Math.random().toString(36).slice(2, 6)}.jpg`;
}

/**
 * Decodes the picture (EXIF orientation applied), draws it at the fitting size and encodes a JPEG.
 * Rejects when the browser cannot decode it (not an image).
 */
export async function resizePhoto(file: Blob, max = PHOTO_MAX_PX): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', PHOTO_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
