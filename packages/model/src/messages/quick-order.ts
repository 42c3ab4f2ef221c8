import { label } from '../define.ts';

/**
 * Quick order (快速订购, spec 001 §2 /quickorder/list and /quickorder/importproduct): part numbers
 * and quantities typed, pasted or imported from Excel, checked, then added to the cart at once.
 * Quantity refusals reuse the cart's (shop.qty*), the import limits the Excel import's (excel.*).
 */
export const quickOrderMessages = {
  'menu.quickOrder': label('快速订购', 'Quick order'),
  'menu.quickOrderImport': label('Excel 导入订购', 'Order from Excel'),
  // Server refusals and answers.
  'quickOrder.codeRequired': label('请填写物料编码', 'Enter a part number'),
  'quickOrder.unknownCode': label('物料编码“{code}”不存在', 'Part number "{code}" does not exist'),
  'quickOrder.noLines': label('请至少填写一行物料编码和数量', 'Enter at least one part number and quantity'),
  'quickOrder.tooManyLines': label('快速订购最多 5000 行', 'A quick order holds at most 5000 rows'),
  'quickOrder.cartTotalMax': label(
    '购物车中已有 {inCart}，合计数量必须小于100,000',
    '{inCart} already in the cart: the total must be less than 100,000',
  ),
  'quickOrder.refused': label('有 {count} 行不能加入购物车，未加入任何商品', '{count} rows cannot be added; nothing was added to the cart'),
  'quickOrder.added': label('已将 {count} 种商品加入购物车', '{count} products added to the cart'),
  'quickOrder.importChecked': label('共 {total} 行：{ok} 行可订购，{bad} 行有误', '{total} rows: {ok} can be ordered, {bad} have errors'),
  'quickOrder.template.file': label('快速订购导入模板', 'Quick order template'),
  'quickOrder.template.sheet': label('快速订购', 'Quick order'),
  'quickOrder.template.help1': label(
    '第一行为表头，请勿修改；“物料编码”“数量”两列必填。',
    'The first row is the header, do not change it; both columns (part number, quantity) are required.',
  ),
  'quickOrder.template.help2': label(
    '第 2 行是示例，请替换为要订购的商品；每个物料编码只填一行。',
    'Row 2 is an example: replace it with the products to order; one row per part number.',
  ),
  'quickOrder.template.help3': label(
    '数量为大于 0 且小于 100,000 的整数；每次最多 5000 行；只能上传 xls 或 xlsx 文件。',
    'Quantities are whole numbers above 0 and below 100,000; at most 5000 rows; xls or xlsx files only.',
  ),
  'quickOrder.template.help4': label(
    '有误的行会逐行列出，其余的行转入快速订购，检查价格和库存后再加入购物车。',
    'Rows with errors are listed one by one; the others go to the quick order, where prices and stock are checked before adding them to the cart.',
  ),
  'quickOrder.stock.inStock': label('有货', 'In stock'),
  'quickOrder.stock.short': label('库存不足', 'Short'),
  // Screens.
  'quickOrder.title': label('快速订购', 'Quick order'),
  'quickOrder.importTitle': label('Excel 导入订购', 'Order from Excel'),
  'quickOrder.hint': label(
    '输入物料编码和数量，或从 Excel 复制“物料编码、数量”两列后粘贴到任一编码格（每行一个商品）。',
    'Type part numbers and quantities, or copy the two columns (part number, quantity) in Excel and paste them into any part-number cell (one product a row).',
  ),
  'quickOrder.col.row': label('行', 'Row'),
  'quickOrder.col.code': label('物料编码', 'Part number'),
  'quickOrder.col.qty': label('数量', 'Quantity'),
  'quickOrder.col.name': label('产品名称', 'Product name'),
  'quickOrder.col.model': label('型号', 'Model'),
  'quickOrder.col.price': label('单价', 'Unit price'),
  'quickOrder.col.amount': label('金额', 'Amount'),
  'quickOrder.col.stock': label('库存', 'Stock'),
  'quickOrder.col.result': label('检查结果', 'Check'),
  'quickOrder.col.message': label('错误', 'Error'),
  'quickOrder.ok': label('可订购', 'OK'),
  'quickOrder.addRows': label('添加 5 行', 'Add 5 rows'),
  'quickOrder.clear': label('清空', 'Clear'),
  'quickOrder.removeBad': label('删除有误的行', 'Remove the rows with errors'),
  'quickOrder.goCart': label('去购物车', 'Go to the cart'),
  'quickOrder.clearConfirm': label('确定清空所有行？', 'Clear every row?'),
  'quickOrder.check': label('检查价格和库存', 'Check prices and stock'),
  'quickOrder.addAll': label('全部加入购物车', 'Add all to cart'),
  'quickOrder.import': label('Excel 导入', 'Import from Excel'),
  'quickOrder.errorsTitle': label(
    '以下 {count} 行有误，请修改后再加入购物车',
    '{count} rows have errors: correct them before adding to the cart',
  ),
  'quickOrder.allChecked': label('{count} 行都可以订购', 'All {count} rows can be ordered'),
  'quickOrder.total': label('{count} 种商品，合计：', '{count} products, total:'),
  'quickOrder.signInToBuy': label(
    '登录后可查看价格并加入购物车，已填写的行会保留。',
    'Sign in to see prices and add to the cart; your rows are kept.',
  ),
  'quickOrder.signIn': label('登录', 'Sign in'),
  'quickOrder.priceAfterSignIn': label('登录后可见', 'After sign-in'),
  'quickOrder.noBuy': label('您的账号不能在商城下单', 'Your account cannot order from the shop'),
  'quickOrder.changed': label('已修改，请重新检查', 'Changed: check again'),
  'quickOrder.importHint': label(
    '文件第一行为表头，须含“物料编码”“数量”两列；每次最多 5000 行；只能上传 xls 或 xlsx 文件（10MB 以内）。',
    'The first row is the header, with the columns part number and quantity; at most 5000 rows; xls or xlsx files only (up to 10MB).',
  ),
  'quickOrder.importSignIn': label('请先登录，再上传文件', 'Sign in before uploading a file'),
  'quickOrder.chooseFile': label('选择文件并检查', 'Choose a file and check it'),
  'quickOrder.importErrors': label('以下 {count} 行有误，未转入：', '{count} rows have errors and were left out:'),
  'quickOrder.toGrid': label('转入快速订购（{count} 行）', 'Move to quick order ({count} rows)'),
  'quickOrder.movedToGrid': label('已转入快速订购 {count} 行', '{count} rows moved to the quick order'),
  'quickOrder.validRows': label('可订购的行', 'Rows that can be ordered'),
} as const;
