import { documentStatus, ENTITIES } from '@portal/model';
import { registerFlowHooks } from '../flow/hooks.ts';
import { serverDefaults, writeHooks } from '../records/write.ts';
import { documentControllers } from './controllers.ts';
import { documentNumbers } from './numbers.ts';
import { forgetLineTotals, registerLineTotals } from './totals.ts';

/**
 * Registers every controlled document with the record service and the approval engine, from its
 * declaration: on create the number, the initial status and (approval) the cleared commit flag,
 * then the controller's own defaults (when it declares a number, a commit flag or defaults of its
 * own); its write checks; its approval moments. Every document's declared line totals follow
 * record-service writes of its lines. Run at start, after the domain modules.
 */
export function installDocuments(): void {
  forgetLineTotals();
  for (const e of [...ENTITIES, ...documentControllers().map((c) => c.entity)]) registerLineTotals(e);
  for (const c of documentControllers()) {
    const e = c.entity;
    const status = documentStatus(e);
    const commit = e.document?.approval?.commit;
    if (e.document?.number || commit || c.defaults)
      serverDefaults.set(e.logicalName, async (sql, rows, caller, lang) => {
        const numbers = e.document?.number ? await documentNumbers(sql, e, rows.length) : [];
        const own = c.defaults ? await c.defaults(sql, rows, caller, lang) : [];
        return rows.map((_, i) => ({
          ...(numbers.length ? { [e.primaryName]: numbers[i] } : {}),
          ...(status ? { [status.field]: status.initial ?? status.editable[0] } : {}),
          ...(commit ? { [commit]: false } : {}),
          ...own[i],
        }));
      });
    if (c.write) writeHooks.set(e.logicalName, c.write);
    if (c.flow) registerFlowHooks(e.logicalName, c.flow);
    for (const [line, h] of Object.entries(c.lines ?? {})) {
      if (h.defaults) serverDefaults.set(line, h.defaults);
      if (h.write) writeHooks.set(line, h.write);
    }
  }
}
