import { businessUnitType } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { menuTiles } from './menu-grid.ts';

describe('function grid tiles', () => {
  // Issue 24: a central warehouse's account was offered station screens whose lists stay empty.
  it('greys a station screen for a warehouse account, saying whom it is for', () => {
    const tiles = menuTiles({
      signedIn: true,
      privilege: ['parts.read'],
      unitType: businessUnitType.warehouse,
      routed: () => true,
      lang: 'zh-CN',
    }).flatMap((g) => g.tiles);
    const tile = (key: string) => tiles.find((x) => x.item.key === key)!;
    expect(tile('partsSales')).toMatchObject({ active: false, reason: '仅供总部、分公司、服务站账号使用' });
    expect(tile('partsApply')).toMatchObject({ active: true, reason: '' });
  });
});
