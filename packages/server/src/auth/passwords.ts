import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes).
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const MAX_PASSWORD_LENGTH = 64;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    // Same work for unknown users, so timing does not tell which usernames exist.
    await hash(plain, OPTIONS);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** Password policy for new passwords: 8–64 characters with letters and digits. */
export function passwordProblem(p: string): 'password.tooLong' | 'password.tooShort' | null {
  if (p.length > MAX_PASSWORD_LENGTH) return 'password.tooLong';
  if (p.length < 8 || !/[A-Za-z]/.test(p) || !/\d/.test(p)) return 'password.tooShort';
  return null;
}

/** The new-password checks of change and reset, in the order the user reads them. */
export function newPasswordProblem(
  newPassword: string | undefined,
  confirmPassword: string | undefined,
): 'password.resetRequired' | 'password.confirmRequired' | 'password.mismatch' | 'password.tooLong' | 'password.tooShort' | null {
  if (!newPassword) return 'password.resetRequired';
  if (!confirmPassword) return 'password.confirmRequired';
  if (newPassword.length > MAX_PASSWORD_LENGTH) return 'password.tooLong';
  if (newPassword !== confirmPassword) return 'password.mismatch';
  return passwordProblem(newPassword);
}
