import type { RouteDef } from './routes.ts';

/**
 * The shop as anonymous visitors see it and favourites (spec 001 §2): search and product details
 * need no sign-in (like /shoppingmall/chooseproduct); /collect/list shows signed-out visitors what
 * favourites are; /collect/view (the grouped view) needs a sign-in.
 */
export const SHOP_PUBLIC_ROUTES: RouteDef[] = [
  { name: 'searchproduct', path: '/shoppingmall/searchproduct/:name?', anonymous: true, layout: 'shell', page: 'SearchProductPage' },
  { name: 'productdetail', path: '/shoppingmall/productdetail', anonymous: true, layout: 'shell', page: 'ProductDetailPage' },
  { name: 'collectView', path: '/collect/view', layout: 'shell', page: 'FavouriteViewPage' },
];
