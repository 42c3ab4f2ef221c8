import { describe, expect, it } from 'vitest';
import { IDENT, LANGS, partyFields, type FieldDef } from './define.ts';
import { ENTITIES, getEntity, getEntityBySet } from './registry.ts';
import { messages } from './messages/index.ts';
import { MENU } from './menu.ts';
import { PRIVILEGES } from './security/privileges.ts';
import { PATTERNS } from './patterns.ts';

const bothLanguages = (l: Record<string, string>) => LANGS.every((lang) => typeof l[lang] === 'string' && l[lang].trim().length > 0);

describe('model registry', () => {
  it('has unique logical names and entity sets that resolve back', () => {
    const names = ENTITIES.map((e) => e.logicalName);
    const sets = ENTITIES.map((e) => e.entitySet);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(sets).size).toBe(sets.length);
    for (const e of ENTITIES) {
      expect(getEntity(e.logicalName)).toBe(e);
      expect(getEntityBySet(e.entitySet)).toBe(e);
    }
  });

  it('uses only safe SQL identifiers for tables and columns', () => {
    for (const e of ENTITIES) {
      expect(e.logicalName).toMatch(IDENT);
      for (const f of Object.keys(e.allFields)) expect(f, `${e.logicalName}.${f}`).toMatch(IDENT);
    }
  });

  it('resolves every lookup to a declared entity', () => {
    for (const e of ENTITIES) {
      for (const [name, f] of Object.entries(e.allFields)) {
        if (f.type === 'lookup') expect(getEntity(f.target), `${e.logicalName}.${name} → ${f.target}`).toBeDefined();
      }
    }
  });

  it('labels every entity, field and option in both languages', () => {
    for (const e of ENTITIES) {
      expect(bothLanguages(e.label), e.logicalName).toBe(true);
      for (const [name, f] of Object.entries(e.allFields) as [string, FieldDef][]) {
        expect(bothLanguages(f.label), `${e.logicalName}.${name}`).toBe(true);
        if (f.type === 'optionset') {
          expect(f.optionSet.options.length, f.optionSet.name).toBeGreaterThan(0);
          const values = f.optionSet.options.map((o) => o.value);
          expect(new Set(values).size, `${f.optionSet.name} values unique`).toBe(values.length);
          for (const o of f.optionSet.options) expect(bothLanguages(o.label), `${f.optionSet.name}.${o.value}`).toBe(true);
        }
      }
    }
  });

  it('declares the primary name, key and every view and form column as fields', () => {
    for (const e of ENTITIES) {
      expect(e.allFields[e.primaryKey], `${e.logicalName} key`).toBeDefined();
      expect(e.allFields[e.primaryName], `${e.logicalName} name`).toBeDefined();
      for (const [vn, v] of Object.entries(e.views)) {
        expect(bothLanguages(v.label), `${e.logicalName}.${vn}`).toBe(true);
        for (const c of [...v.columns, ...v.orderBy.map((o) => o[0]), ...Object.keys(v.filter ?? {})]) {
          expect(e.allFields[c], `${e.logicalName} view ${vn} column ${c}`).toBeDefined();
        }
      }
      for (const [fn, sections] of Object.entries(e.forms)) {
        for (const s of sections) {
          expect(bothLanguages(s.label)).toBe(true);
          for (const c of s.fields) expect(e.allFields[c], `${e.logicalName} form ${fn} field ${c}`).toBeDefined();
        }
      }
      for (const cols of e.indexes) for (const c of cols) expect(e.allFields[c], `${e.logicalName} index ${c}`).toBeDefined();
    }
  });

  it('keys, checks and computed columns name only fields of their entity; parties are unit lookups', () => {
    const words = (sql: string) => sql.match(/[a-z_][a-z0-9_]*/g) ?? [];
    const sqlWords = new Set(['and', 'or', 'not', 'null', 'is']);
    for (const e of ENTITIES) {
      for (const cols of e.uniques) for (const c of cols) expect(e.allFields[c], `${e.logicalName} unique ${c}`).toBeDefined();
      for (const [name, check] of Object.entries(e.checks)) {
        expect(name).toMatch(IDENT);
        for (const w of words(check.toLowerCase()))
          if (!sqlWords.has(w)) expect(e.allFields[w], `${e.logicalName} check ${name}: ${w}`).toBeDefined();
      }
      for (const [name, f] of Object.entries(e.allFields)) {
        if (!f.computed) continue;
        expect(f.readOnly, `${e.logicalName}.${name} computed is readOnly`).toBe(true);
        for (const w of words(f.computed)) expect(e.allFields[w], `${e.logicalName}.${name} computed: ${w}`).toBeDefined();
      }
      for (const p of partyFields(e)) {
        const f = e.allFields[p];
        expect(f?.type === 'lookup' && f.target === 'businessunit', `${e.logicalName} party ${p}`).toBe(true);
      }
    }
  });

  it('has the scope field of every scoped entity', () => {
    for (const e of ENTITIES) {
      if ('field' in e.scope) expect(e.allFields[e.scope.field], `${e.logicalName} scope`).toBeDefined();
    }
  });

  it('declares the service station with every field of spec 001 §3', () => {
    const st = getEntity('new_srv_station')!;
    for (const f of [
      'name',
      'code',
      'type',
      'level',
      'region',
      'province',
      'city',
      'county',
      'address',
      'postalcode',
      'phone',
      'fax',
      'email',
      'siteowner',
      'limitamount',
      'beginamount',
      'currentamount',
    ]) {
      expect(st.fields[`new_${f}`], f).toBeDefined();
    }
  });
});

describe('message catalogue and menu', () => {
  it('has every message in both languages', () => {
    for (const [key, l] of Object.entries(messages)) expect(bothLanguages(l), key).toBe(true);
  });

  it('keeps the specification texts exactly', () => {
    expect(messages['session.elsewhere']['zh-CN']).toBe('您的账号在其他地方登录，如果不是你本人操作，请尽快修改登录密码');
    expect(messages['logout.confirm']['zh-CN']).toBe('确认注销？');
    expect(messages['error.noPermission']['zh-CN']).toBe('您没有权限访问该资源.');
    expect(messages['login.notAllowed']['en-US']).toBe('You are not allowed to login portal web.');
    expect(messages['login.oldPasswordRequired']['en-US']).toBe('Please enter the old password');
  });

  it('labels every menu entry and asks only for declared privileges', () => {
    for (const g of MENU) {
      expect(messages[g.label]).toBeDefined();
      for (const i of g.items) {
        expect(messages[i.label], i.key).toBeDefined();
        expect(i.path.startsWith('/')).toBe(true);
        for (const p of i.privileges ?? []) expect(PRIVILEGES[p], p).toBeDefined();
      }
    }
    expect(MENU.map((g) => g.key).slice(0, 4)).toEqual(['parts', 'service', 'base', 'inventory']);
  });

  it('calls the maintenance contract by one term: the menu says what the screens say (维保合同)', () => {
    expect(messages['menu.contract']['zh-CN']).toBe(getEntity('new_srv_contract')!.label['zh-CN']);
    expect(getEntity('new_srv_contract')!.label['zh-CN']).toBe('维保合同');
  });
});

describe('format patterns of spec 001 §5', () => {
  it.each([
    ['mobile', '13800138000', true],
    ['mobile', '0013800138000', true],
    ['mobile', '14800138000', false],
    ['mobile', '1380013800', false],
    ['phone', '17712345678', true],
    ['phone', '021-58956321', true],
    ['phone', '0571-8823156-123', true],
    ['phone', '12345678901', false],
    ['email', 'sh001@huachen-service.cn', true],
    ['email', 'no-at.example.com', false],
    ['email', 'a@localhost', false],
    ['idcard', '31011519900307123X', true],
    ['idcard', '3101159003071234', true],
    ['idcard', '31011519901307123X', false],
    ['uinteger', '42', true],
    ['uinteger', '-1', false],
    ['numeric', '-3.14', true],
    ['unumeric', '3.', false],
    ['url', 'https://example.cn/a', true],
    ['url', 'ftp://x', false],
  ] as const)('%s %s → %s', (name, value, expected) => {
    expect(PATTERNS[name].test(value)).toBe(expected);
  });
});
