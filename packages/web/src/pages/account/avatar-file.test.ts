import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, avatarProblem, shrinkToLimit } from './avatar-file.ts';

describe('avatarProblem', () => {
  it('takes png, jpeg and gif of any size (a large one is shrunk); refuses other types', () => {
    expect(avatarProblem({ type: 'image/png', size: 208 * 1024 })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(avatarProblem({ type: 'image/gif', size: 10 })).toBeNull();
    expect(avatarProblem({ type: 'image/webp', size: 10 })).toBe('avatar.badType');
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe('avatar.badType');
  });
});

describe('shrinkToLimit', () => {
  /** A fake encoder whose JPEG size grows with the pixels and the quality; it records each try. */
  const encoder = (bytesPerPixelAtFull: number) => {
    const tries: [number, number][] = [];
    const encode = async (side: number, quality: number) => {
      tries.push([side, quality]);
      // Only the size matters to the loop: no bytes are made.
      return { size: Math.round(side * side * bytesPerPixelAtFull * quality) } as Blob;
    };
    return { tries, encode };
  };

  it('a photo that fits at the first side only loses quality until it is under 100 KB', async () => {
    const { tries, encode } = encoder(0.5);
    const b = await shrinkToLimit(4000, encode);
    expect(b!.size).toBeLessThanOrEqual(AVATAR_MAX_BYTES);
    expect(tries).toEqual([
      [512, 0.9],
      [512, 0.8],
      [512, 0.7],
    ]);
  });

  it('then shrinks the picture a quarter at a time; a small picture is never enlarged', async () => {
    const big = encoder(2);
    expect((await shrinkToLimit(3000, big.encode))!.size).toBeLessThanOrEqual(AVATAR_MAX_BYTES);
    expect(big.tries.map(([s]) => s).filter((s, i, a) => a.indexOf(s) === i)).toEqual([512, 384, 288]);
    const small = encoder(0.1);
    await shrinkToLimit(300, small.encode);
    expect(small.tries[0]).toEqual([300, 0.9]);
  });

  it('gives up (null) when even the smallest try does not fit', async () => {
    const { encode } = encoder(10_000);
    expect(await shrinkToLimit(2000, encode)).toBeNull();
  });
});
