import { label } from '../define.ts';

/** Issue 12 items 8 and 9: the cart's checkout bar, the default delivery address, sign-in reasons. */
export const checkoutMessages = {
  'checkout.pickHint': label('请勾选要结算的商品', 'Tick the items to check out'),
  'checkout.selectedOf': label('已选 {count}/{all}', '{count} of {all} selected'),
  'checkout.addressFromStation': label(
    '已按本站地址或上次下单的地址填写，可修改',
    "Filled in from your station's address or your last order; you can change it",
  ),
  'signIn.reasonTitle': label('您已退出登录', 'You were signed out'),
} as const;
