import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha, type Captcha } from '../api/portal.ts';

/**
 * An image captcha that can be refreshed. Captchas are single use: callers refresh after every
 * attempt that consumed one (a failed sign-in, a sent SMS code).
 */
export function useCaptcha(enabled = true) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    // A spent captcha must not stay on screen (nor its id in data-captcha-id) while the next loads.
    setCaptcha(null);
    setLoading(true);
    try {
      const c = await getCaptcha();
      // A slower earlier answer must not replace a newer captcha.
      if (mine === seq.current) setCaptcha(c);
    } catch {
      /* the client already toasted; the user can click the image to retry */
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  return { captcha, loading, refresh };
}
