import type { MessageKey } from '@portal/model';

/** Same limits as the server: png, jpeg or gif, at most 100 KB. */
export const AVATAR_MAX_BYTES = 100 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** Why a chosen file cannot be a profile photo, or null when it can. */
export function avatarProblem(file: { type: string; size: number }): MessageKey | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'avatar.badType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar.tooLarge';
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}
