import { describe, expect, it } from 'vitest';
import { ENTITIES, getEntity } from './registry.ts';

describe('form declarations', () => {
  it('fills from a picked record only fields of the same type (and lookups of the same target)', () => {
    let seen = 0;
    for (const e of ENTITIES) {
      for (const [name, f] of Object.entries(e.allFields)) {
        if (f.type !== 'lookup' || !f.fills) continue;
        const target = getEntity(f.target)!;
        for (const [own, from] of Object.entries(f.fills)) {
          seen++;
          const a = e.allFields[own];
          const b = target.allFields[from];
          expect(a, `${e.logicalName}.${name} fills ${own}`).toBeTruthy();
          expect(b, `${f.target}.${from}`).toBeTruthy();
          expect(a.type, `${e.logicalName}.${own} ← ${f.target}.${from}`).toBe(b.type);
          if (a.type === 'lookup' && b.type === 'lookup') expect(a.target).toBe(b.target);
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('a work order picks its product line and model from the product', () => {
    const product = getEntity('new_srv_workorder')!.allFields.new_product_id;
    expect(product.type === 'lookup' && product.fills).toEqual({ new_productline_id: 'new_productline_id', new_model: 'new_model' });
  });

  it('leaves results, costs, audit and pullout out of a new work order, and keeps customer, product and station', () => {
    const sections = getEntity('new_srv_workorder')!.forms.main;
    const onCreate = sections.filter((s) => s.on !== 'edit').map((s) => s.key);
    expect(onCreate).toEqual(['customer', 'product', 'service']);
    expect(sections.filter((s) => s.on === 'edit').map((s) => s.key)).toEqual(['result', 'cost', 'closing', 'pullout']);
  });

  it('keeps every required writable field in a section shown on create', () => {
    for (const e of ENTITIES) {
      for (const s of e.forms.main ?? []) {
        if (s.on !== 'edit') continue;
        for (const f of s.fields) {
          const def = e.allFields[f];
          expect(!!def?.required && !def.readOnly, `${e.logicalName}.${f} is required but only shown on edit`).toBe(false);
        }
      }
    }
  });
});
