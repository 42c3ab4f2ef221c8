import { label } from '../define.ts';

/** The product configurator (issue 29): menu, screens and the server's refusals. */
export const configuratorMessages = {
  'menu.cpqProduct': label('可配置产品', 'Configurable products'),
  'menu.cpqOptionGroup': label('配置选项组', 'Option groups'),
  'menu.cpqOption': label('配置选项', 'Options'),
  'menu.cpqRule': label('配置规则', 'Configuration rules'),
  'menu.cpqBomItem': label('配置物料清单', 'Configuration BOM'),
  'cpq.bySave': label('产品配置只能在配置页面保存生成', 'Configurations are made by saving them on the configuration page'),
};
