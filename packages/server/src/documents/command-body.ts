import type { DocumentCommand, EntityDef, FieldDef } from '@portal/model';
import { z } from 'zod';

/*
 * The body a command takes, as openapi.json shows it: its declared inputs (each the entity's field,
 * with the type and limits the kernel checks it with, records/validate.ts `checkValue`) and what its
 * controller reads beyond them (`DocumentController.bodies`). Documentation only: the kernel and the
 * controller check the body themselves, so a refusal keeps its message in the caller's language.
 */

/** One declared input as the API takes it (blank or null clears it; absent leaves it). */
function inputSchema(f: FieldDef): z.ZodType {
  const about = f.label['en-US'];
  const s = ((): z.ZodType => {
    switch (f.type) {
      case 'text':
      case 'memo':
        return z.string().max(f.maxLength);
      case 'int': {
        let n = z.number().int();
        if (f.min !== undefined) n = n.min(f.min);
        if (f.max !== undefined) n = n.max(f.max);
        return z.union([n, z.string().regex(/^-?\d+$/)]);
      }
      case 'optionset':
        return z
          .union(f.optionSet.options.map((o) => z.literal(o.value)))
          .describe(f.optionSet.options.map((o) => `${o.value} ${o.label['en-US']}`).join(', '));
      case 'decimal':
      case 'money': {
        let n = z.number();
        if (f.min !== undefined) n = n.min(f.min);
        if (f.max !== undefined) n = n.max(f.max);
        return z.union([n, z.string().max(40)]).describe(`at most ${f.type === 'money' ? 2 : f.precision} decimals`);
      }
      case 'bool':
        return z.boolean();
      case 'datetime':
        return z.iso.datetime({ offset: true });
      case 'date':
        return z.iso.date();
      case 'lookup':
        return z.uuid();
      default:
        return z.unknown();
    }
  })();
  return s
    .nullable()
    .optional()
    .describe(s.description ? `${about}: ${s.description}` : about);
}

/** The documented body of a command (undefined when it takes none). */
export function commandBody(e: EntityDef, c: DocumentCommand, beyond?: z.ZodObject): z.ZodObject | undefined {
  const declared = Object.fromEntries((c.inputs ?? []).map((n) => [n, inputSchema(e.allFields[n])]));
  if (!Object.keys(declared).length) return beyond;
  return beyond ? beyond.extend(declared) : z.object(declared);
}
