import { confirm } from '../app/feedback.ts';
import { navigateTo } from '../app/navigation.ts';
import { signInPath } from '../app/routes.ts';
import type { Translate } from '../locales/i18n.ts';
import { getSession } from '../session/store.ts';

/** The sign-in screen of this portal kind, coming back to `returnTo` (a same-origin path) afterwards. */
export const signInHref = (returnTo: string) => `${signInPath(getSession().isStore)}?redirect=${encodeURIComponent(returnTo)}`;

/**
 * Asks an anonymous visitor to sign in for what they tried (star a record, add to the cart); 去登录
 * opens sign-in, which brings them back to `returnTo`.
 */
export function askSignIn(t: Translate, why: 'favourite' | 'cart', returnTo: string): void {
  confirm({
    title: t('signInAsk.title'),
    content: t(why === 'cart' ? 'signInAsk.cart' : 'signInAsk.favourite'),
    okText: t('signInAsk.go'),
    cancelText: t('signInAsk.later'),
    okButtonProps: { 'data-testid': 'sign-in-ask-go' },
    cancelButtonProps: { 'data-testid': 'sign-in-ask-later' },
    onOk: () => navigateTo(signInHref(returnTo)),
  });
}
