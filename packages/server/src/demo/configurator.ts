import { cpqChoiceType, cpqRuleKind } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { saveConfiguration } from '../domain/configurator/configurations.ts';
import { callerOf } from './parts.ts';
import { insert } from './insert.ts';

/*
 * The configurator's demo (issue 29): three configurable products of the manufacturer's HVAC line
 * with realistic option groups (capacity, power supply, compressor or fan, controls, extras), price
 * deltas, rules and bills of materials; and saved configurations — salesman1's (one still valid,
 * one expired), one a visitor saved without signing in, one of dealer1's. Saved through the
 * configurator's own save, so the engine checks them like any visitor's.
 */

type Opt = [code: string, name: string, delta: number, isDefault?: boolean, description?: string];
interface Group {
  code: string;
  name: string;
  multiple?: boolean;
  options: Opt[];
}
type Rule = [kind: 'requires' | 'excludes' | 'onlyWith', option: string, target: string, zh: string, en: string];
type Bom = [option: string | null, partNumber: string, name: string, qty: number, uom: string];
interface Product {
  code: string;
  name: string;
  base: number;
  cost: number;
  description: string;
  groups: Group[];
  rules: Rule[];
  bom: Bom[];
}

const VOLTAGE: Group = {
  code: 'VOLT',
  name: '电源',
  options: [
    ['V380', '380V/3N/50Hz（国内标准）', 0, true],
    ['V460', '460V/3/60Hz（出口）', 0],
  ],
};

const PRODUCTS: Product[] = [
  {
    code: 'HC-LSW',
    name: '螺杆式冷水机组',
    base: 486000,
    cost: 352000,
    description: '水冷螺杆式冷水机组，适用于商业综合体、医院、数据中心等中大型空调系统，满液式蒸发器，能效等级一级。',
    groups: [
      {
        code: 'CAP',
        name: '制冷量',
        options: [
          ['CAP350', '350 kW（约100冷吨）', 0, true],
          ['CAP500', '500 kW（约140冷吨）', 128000],
          ['CAP700', '700 kW（约200冷吨）', 265000],
        ],
      },
      { ...VOLTAGE, options: [VOLTAGE.options[0], ['V460', '460V/3/60Hz（出口）', 18500]] },
      {
        code: 'COMP',
        name: '压缩机',
        options: [
          ['BITZER', '比泽尔半封闭螺杆（定频）', 0, true],
          ['HANBELL', '汉钟半封闭螺杆（定频）', -12000],
          ['VSD', '比泽尔变频螺杆', 86000],
        ],
      },
      {
        code: 'CTRL',
        name: '控制系统',
        options: [
          ['STDCAB', '国内标准电控柜', 0, true],
          ['ULCAB', '出口型 UL 认证电控柜', 22000],
          ['GROUP', '智能群控系统（含触摸屏）', 35000],
        ],
      },
      {
        code: 'ACC',
        name: '附件',
        multiple: true,
        options: [
          ['SPRING', '减震弹簧（4只）', 4800],
          ['BMS', 'BMS 通讯网关（Modbus/BACnet）', 6500],
          ['FLOWSW', '靶式水流开关', 1200],
          ['INSUL', '蒸发器加厚保温', 3600],
        ],
      },
    ],
    rules: [
      ['requires', 'VSD', 'GROUP', '变频压缩机需要配智能群控系统', 'A variable-speed compressor needs the group control system'],
      [
        'excludes',
        'V460',
        'STDCAB',
        '460V/60Hz 电源不能配国内标准电控柜，请先选择出口型 UL 认证电控柜',
        '460V/60Hz cannot take the domestic standard control cabinet: choose the UL-listed export cabinet first',
      ],
      ['onlyWith', 'BMS', 'GROUP', 'BMS 通讯网关仅可搭配智能群控系统', 'The BMS gateway comes only with the group control system'],
      ['excludes', 'CAP700', 'HANBELL', '700 kW 机组只能选用比泽尔压缩机', 'The 700 kW unit takes Bitzer compressors only'],
    ],
    bom: [
      [null, 'LSW-FRM-01', '机架及底座', 1, '套'],
      [null, 'LSW-EVP-01', '满液式蒸发器', 1, '台'],
      [null, 'LSW-CND-01', '壳管式冷凝器', 1, '台'],
      [null, 'LSW-EXV-01', '电子膨胀阀', 1, '只'],
      ['CAP500', 'LSW-HX-500', '换热器加大组件（500 kW）', 1, '套'],
      ['CAP700', 'LSW-HX-700', '换热器加大组件（700 kW）', 1, '套'],
      ['BITZER', 'CMP-BZ-HSK', '比泽尔 HSK 螺杆压缩机', 1, '台'],
      ['HANBELL', 'CMP-HB-RC2', '汉钟 RC2 螺杆压缩机', 1, '台'],
      ['VSD', 'CMP-BZ-CSV', '比泽尔 CSV 变频螺杆压缩机', 1, '台'],
      ['VSD', 'VFD-160', '160 kW 变频器', 1, '台'],
      ['STDCAB', 'CAB-STD-380', '国内标准电控柜', 1, '台'],
      ['ULCAB', 'CAB-UL-460', 'UL 认证电控柜（460V）', 1, '台'],
      ['GROUP', 'CTL-GRP-10', '智能群控主机（10寸触摸屏）', 1, '套'],
      ['SPRING', 'ACC-SPR-04', '减震弹簧', 4, '只'],
      ['BMS', 'ACC-BMS-01', 'BMS 通讯网关', 1, '只'],
      ['FLOWSW', 'ACC-FSW-01', '靶式水流开关', 1, '只'],
      ['INSUL', 'ACC-INS-01', '蒸发器加厚保温层', 1, '套'],
    ],
  },
  {
    code: 'HC-MFK',
    name: '风冷热泵模块机组',
    base: 168000,
    cost: 121000,
    description: '风冷热泵模块机组，冷暖两用，多模块并联，免冷却塔和机房，适用于办公楼、学校、酒店。',
    groups: [
      {
        code: 'CAP',
        name: '单模块制冷量',
        options: [
          ['M65', '65 kW', 0, true],
          ['M130', '130 kW', 52000],
        ],
      },
      {
        code: 'QTY',
        name: '模块数量',
        options: [
          ['Q1', '1 台', 0, true],
          ['Q2', '2 台并联', 168000],
          ['Q4', '4 台并联', 504000],
        ],
      },
      { ...VOLTAGE, options: [VOLTAGE.options[0], ['V460', '460V/3/60Hz（出口）', 9800]] },
      {
        code: 'COMP',
        name: '压缩机',
        options: [
          ['COPELAND', '谷轮涡旋压缩机', 0, true],
          ['DANFOSS', '丹佛斯涡旋压缩机', 3500],
          ['DCINV', '直流变频涡旋压缩机', 26000],
        ],
      },
      {
        code: 'CTRL',
        name: '控制系统',
        options: [
          ['STDCAB', '国内标准电控柜', 0, true],
          ['EXPCAB', '出口型电控柜', 8000],
          ['GROUP', '智能群控系统', 18000],
        ],
      },
      {
        code: 'ACC',
        name: '附件',
        multiple: true,
        options: [
          ['LOWTEMP', '低温强热套件（-25℃）', 15000],
          ['COATING', '翅片防腐涂层（蓝箔）', 4200],
          ['PUMP', '集成水泵模块', 12500],
        ],
      },
    ],
    rules: [
      ['requires', 'DCINV', 'GROUP', '直流变频压缩机需要配智能群控系统', 'A DC inverter compressor needs the group control system'],
      ['requires', 'Q4', 'GROUP', '4 台模块并联需要智能群控系统', 'Four modules in parallel need the group control system'],
      [
        'excludes',
        'V460',
        'STDCAB',
        '460V/60Hz 电源不能配国内标准电控柜，请先选择出口型电控柜',
        '460V/60Hz cannot take the domestic standard control cabinet: choose the export cabinet first',
      ],
      [
        'onlyWith',
        'LOWTEMP',
        'DCINV',
        '低温强热套件仅可搭配直流变频涡旋压缩机',
        'The low-temperature heating kit comes only with the DC inverter compressor',
      ],
    ],
    bom: [
      [null, 'MFK-FRM-01', '模块箱体', 1, '台'],
      [null, 'MFK-PHE-01', '板式换热器', 1, '台'],
      [null, 'MFK-FAN-01', '轴流风机', 2, '台'],
      ['M130', 'MFK-COIL-130', '130 kW 翅片换热器组件', 1, '套'],
      ['Q2', 'MFK-MOD-EXT', '并联扩展模块', 1, '台'],
      ['Q4', 'MFK-MOD-EXT', '并联扩展模块', 3, '台'],
      ['COPELAND', 'CMP-CP-ZP', '谷轮 ZP 涡旋压缩机', 2, '台'],
      ['DANFOSS', 'CMP-DF-SH', '丹佛斯 SH 涡旋压缩机', 2, '台'],
      ['DCINV', 'CMP-DC-INV', '直流变频涡旋压缩机', 2, '台'],
      ['STDCAB', 'CAB-STD-380', '国内标准电控柜', 1, '台'],
      ['EXPCAB', 'CAB-EXP-460', '出口型电控柜（460V）', 1, '台'],
      ['GROUP', 'CTL-GRP-10', '智能群控主机（10寸触摸屏）', 1, '套'],
      ['LOWTEMP', 'ACC-EVI-01', '喷气增焓低温套件', 1, '套'],
      ['COATING', 'ACC-CTG-01', '蓝箔防腐翅片', 1, '套'],
      ['PUMP', 'ACC-PMP-01', '集成水泵模块', 1, '台'],
    ],
  },
  {
    code: 'HC-ZKW',
    name: '组合式空气处理机组',
    base: 92000,
    cost: 64000,
    description: '组合式空气处理机组，按功能段组合，适用于洁净厂房、医院手术部、商场等全空气系统。',
    groups: [
      {
        code: 'AIR',
        name: '风量',
        options: [
          ['A10', '10,000 m³/h', 0, true],
          ['A20', '20,000 m³/h', 38000],
          ['A40', '40,000 m³/h', 96000],
        ],
      },
      { ...VOLTAGE, options: [VOLTAGE.options[0], ['V460', '460V/3/60Hz（出口）', 6000]] },
      {
        code: 'FAN',
        name: '风机',
        options: [
          ['BELT', '离心风机（皮带传动）', 0, true],
          ['ECWALL', 'EC 直驱风机墙', 42000],
        ],
      },
      {
        code: 'CTRL',
        name: '控制系统',
        options: [
          ['STDCAB', '国内标准电控柜', 0, true],
          ['EXPCAB', '出口型电控柜', 7500],
          ['DDC', 'DDC 智能控制系统', 16000],
        ],
      },
      {
        code: 'SEC',
        name: '功能段',
        multiple: true,
        options: [
          ['WHEEL', '热回收转轮段', 58000],
          ['HUMID', '电极加湿段', 14000],
          ['F7', '中效袋式过滤段（F7）', 3200],
          ['UV', '紫外杀菌段', 6800],
        ],
      },
    ],
    rules: [
      ['requires', 'ECWALL', 'DDC', 'EC 风机墙需要配 DDC 智能控制系统', 'The EC fan wall needs the DDC control system'],
      [
        'excludes',
        'V460',
        'STDCAB',
        '460V/60Hz 电源不能配国内标准电控柜，请先选择出口型电控柜',
        '460V/60Hz cannot take the domestic standard control cabinet: choose the export cabinet first',
      ],
      ['excludes', 'WHEEL', 'A10', '10,000 m³/h 机组不能配热回收转轮段', 'The 10,000 m³/h unit cannot take the heat-recovery wheel'],
    ],
    bom: [
      [null, 'ZKW-BOX-01', '双层面板箱体', 1, '套'],
      [null, 'ZKW-COIL-01', '表冷盘管', 1, '组'],
      [null, 'ZKW-G4-01', '初效板式过滤器（G4）', 4, '只'],
      ['A20', 'ZKW-SIZE-20', '20,000 m³/h 箱体加大组件', 1, '套'],
      ['A40', 'ZKW-SIZE-40', '40,000 m³/h 箱体加大组件', 1, '套'],
      ['BELT', 'FAN-CF-BLT', '离心风机（皮带传动）', 1, '台'],
      ['ECWALL', 'FAN-EC-WALL', 'EC 直驱风机', 4, '台'],
      ['STDCAB', 'CAB-STD-380', '国内标准电控柜', 1, '台'],
      ['EXPCAB', 'CAB-EXP-460', '出口型电控柜（460V）', 1, '台'],
      ['DDC', 'CTL-DDC-01', 'DDC 控制器', 1, '套'],
      ['WHEEL', 'SEC-WHL-01', '热回收转轮', 1, '台'],
      ['HUMID', 'SEC-HUM-01', '电极加湿器', 1, '台'],
      ['F7', 'SEC-F7-01', '中效袋式过滤器（F7）', 6, '只'],
      ['UV', 'SEC-UV-01', '紫外杀菌灯组', 1, '套'],
    ],
  },
];

const KIND = { requires: cpqRuleKind.requires, excludes: cpqRuleKind.excludes, onlyWith: cpqRuleKind.onlyWith };

/** Inserts the definitions; answers each product's id and its options' ids by code. */
async function seedDefinitions(sql: Sql, owner: string, unit: string): Promise<Map<string, { id: string; options: Map<string, string> }>> {
  const out = new Map<string, { id: string; options: Map<string, string> }>();
  const own = { ownerid: owner, owningbusinessunit: unit, createdby: owner };
  for (const [i, p] of PRODUCTS.entries()) {
    const id = await insert(
      sql,
      'new_cpqproduct',
      {
        ...own,
        new_name: p.name,
        new_code: p.code,
        new_baseprice: p.base,
        new_cost: p.cost,
        new_description: p.description,
        new_validdays: 30,
        new_sequence: (i + 1) * 10,
        new_active: true,
      },
      'new_cpqproductid',
    );
    const options = new Map<string, string>();
    for (const [g, group] of p.groups.entries()) {
      const groupId = await insert(
        sql,
        'new_cpqoptiongroup',
        {
          ...own,
          new_name: group.name,
          new_cpqproduct_id: id,
          new_code: group.code,
          new_choicetype: group.multiple ? cpqChoiceType.multiple : cpqChoiceType.single,
          new_required: !group.multiple,
          new_sequence: (g + 1) * 10,
        },
        'new_cpqoptiongroupid',
      );
      for (const [o, [code, name, delta, isDefault, description]] of group.options.entries()) {
        const optionId = await insert(
          sql,
          'new_cpqoption',
          {
            ...own,
            new_name: name,
            new_cpqoptiongroup_id: groupId,
            new_code: code,
            new_pricedelta: delta,
            // Internal cost: about 70 % of the list delta (never served to visitors).
            new_cost: Math.round(delta * 0.7),
            new_description: description ?? null,
            new_sequence: (o + 1) * 10,
            new_default: isDefault === true,
          },
          'new_cpqoptionid',
        );
        options.set(code, optionId);
      }
    }
    for (const [kind, option, target, zh, en] of p.rules)
      await insert(
        sql,
        'new_cpqrule',
        {
          ...own,
          new_name: `${p.code} ${option} ${kind} ${target}`,
          new_cpqproduct_id: id,
          new_kind: KIND[kind],
          new_option_id: options.get(option),
          new_target_id: options.get(target),
          new_message: zh,
          new_message_en: en,
        },
        'new_cpqruleid',
      );
    for (const [option, partNumber, name, qty, uom] of p.bom)
      await insert(
        sql,
        'new_cpqbomitem',
        {
          ...own,
          new_name: name,
          new_cpqproduct_id: id,
          new_cpqoption_id: option ? options.get(option) : null,
          new_partnumber: partNumber,
          new_qty: qty,
          new_uom: uom,
        },
        'new_cpqbomitemid',
      );
    out.set(p.code, { id, options });
  }
  return out;
}

export async function seedConfiguratorDemo(sql: Sql, org: { hqUnitId: string; adminId: string }): Promise<void> {
  const products = await seedDefinitions(sql, org.adminId, org.hqUnitId);
  const pick = (code: string, choices: string[]) => {
    const p = products.get(code)!;
    return { ProductId: p.id, Choices: choices.map((c) => p.options.get(c)!) };
  };
  const salesman = (await callerOf(sql, 'salesman1')).principal;
  const dealer = (await callerOf(sql, 'dealer1')).principal;
  // salesman1: a 500 kW variable-speed chiller for a hospital (group control comes with it).
  await saveConfiguration(
    sql,
    salesman,
    {
      ...pick('HC-LSW', ['CAP500', 'V380', 'VSD', 'GROUP', 'BMS', 'SPRING']),
      ContactName: '周建国',
      ContactPhone: '020-87326615',
      Remark: '广州市第一人民医院门诊楼改造',
    },
    'zh-CN',
  );
  // salesman1: an export modular unit for a Vietnamese plant, saved 40 days ago: expired.
  const old = await saveConfiguration(
    sql,
    salesman,
    {
      ...pick('HC-MFK', ['M130', 'Q2', 'V460', 'DANFOSS', 'EXPCAB', 'COATING']),
      ContactName: '陈志强',
      Remark: '越南同奈工业园项目（出口）',
    },
    'zh-CN',
  );
  await sql.query(
    `UPDATE new_cpqquote SET createdon = now() - interval '40 days', modifiedon = now() - interval '40 days',
            new_expireson = now() - interval '10 days' WHERE new_cpqquoteid = $1`,
    [old.id],
  );
  // A visitor who did not sign in: an air handling unit for a clean room, with their contact.
  await saveConfiguration(
    sql,
    null,
    {
      ...pick('HC-ZKW', ['A20', 'V380', 'ECWALL', 'DDC', 'WHEEL', 'F7']),
      ContactName: '林女士',
      ContactPhone: '13925106688',
      Remark: '东莞电子厂洁净车间',
    },
    'zh-CN',
  );
  // dealer1's own: the standard chiller.
  await saveConfiguration(sql, dealer, { ...pick('HC-LSW', ['CAP350', 'V380', 'BITZER', 'STDCAB', 'FLOWSW']) }, 'zh-CN');
}
