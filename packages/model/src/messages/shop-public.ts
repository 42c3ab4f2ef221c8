import { label } from '../define.ts';

/**
 * The shop as anonymous visitors see it (search, product details) and favourites (收藏): menu,
 * screens, the sign-in prompt and the server's refusals.
 */
export const shopPublicMessages = {
  'menu.collect': label('我的收藏', 'My favourites'),
  'menu.searchProduct': label('商品搜索', 'Product search'),
  'menu.productDetail': label('产品详情', 'Product details'),
  // Search and details.
  'shopPublic.searchPlaceholder': label('输入产品名称、物料编码或型号', 'Product name, part number or model'),
  'shopPublic.resultsFor': label('“{q}”的搜索结果', 'Results for "{q}"'),
  'shopPublic.inStock': label('有货', 'In stock'),
  'shopPublic.outOfStock': label('缺货', 'Out of stock'),
  'shopPublic.signInForPrice': label('登录后查看价格', 'Sign in to see the price'),
  'shopPublic.buyersOnly': label('价格仅对有下单权限的用户显示', 'Prices are shown to buyers only'),
  'shopPublic.more': label('加载更多', 'Load more'),
  'shopPublic.end': label('没有更多了', 'No more products'),
  'shopPublic.specification': label('规格参数', 'Specification'),
  'shopPublic.description': label('产品说明', 'Description'),
  'shopPublic.noPicture': label('暂无图片', 'No picture'),
  'shopPublic.productLine': label('产品线', 'Product line'),
  'shopPublic.notFound': label('产品不存在或已下架', 'This product does not exist or is no longer sold'),
  'shopPublic.viewDetail': label('查看详情', 'Details'),
  'shopPublic.backToShop': label('返回商城', 'Back to the shop'),
  // Asking an anonymous visitor to sign in.
  'signInAsk.title': label('请先登录', 'Please sign in'),
  'signInAsk.favourite': label(
    '登录后即可收藏产品和单据，并在“我的收藏”中随时找到它们。登录后将回到此页。',
    'Sign in to keep products and documents as favourites and find them under My favourites. You will come back to this page.',
  ),
  'signInAsk.cart': label(
    '登录后才能加入购物车。登录后将回到此产品。',
    'Sign in to add products to your cart. You will come back to this product.',
  ),
  'signInAsk.go': label('去登录', 'Sign in'),
  'signInAsk.later': label('暂不登录', 'Not now'),
  'signInAsk.header': label('登录', 'Sign in'),
  // Favourites.
  'favourite.add': label('收藏', 'Add to favourites'),
  'favourite.remove': label('取消收藏', 'Remove from favourites'),
  'favourite.added': label('已收藏', 'Added to favourites'),
  'favourite.removed': label('已取消收藏', 'Removed from favourites'),
  'favourite.limit': label('收藏最多 {max} 条，请先取消一些收藏', 'At most {max} favourites: remove some first'),
  'collect.title': label('我的收藏', 'My favourites'),
  'collect.byKind': label('按类型查看', 'By kind'),
  'collect.asList': label('列表查看', 'As a list'),
  'collect.introTitle': label('什么是收藏', 'What are favourites'),
  'collect.introBody': label(
    '在产品卡片、产品详情或单据标题旁点击星标即可收藏。收藏的产品和单据集中在这里，点一下即可打开。',
    "Star a product card, a product's details or a document's heading to keep it here; open any of them with one click.",
  ),
  'collect.signIn': label('登录后查看我的收藏', 'Sign in to see your favourites'),
  'collect.empty': label('还没有收藏', 'No favourites yet'),
  'collect.kind': label('类型', 'Kind'),
  'collect.name': label('名称', 'Name'),
  'collect.createdOn': label('收藏时间', 'Starred on'),
  'collect.all': label('全部', 'All'),
  'collect.search': label('按名称查找', 'Find by name'),
  'collect.count': label('{count} 条', '{count}'),
} as const;
