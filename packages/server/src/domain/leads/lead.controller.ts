import { getEntity } from '@portal/model';
import { z } from 'zod';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { LEAD_COLUMNS, type Lead, qualifyLead } from './qualify.ts';

/*
 * The lead's business (its life is declared on the entity, packages/model/src/entities/lead.ts):
 * 认定 makes the opportunity and, as chosen, the customer and contact (qualify.ts); 取消资格 needs
 * its reason. Both run only on an open lead (the kernel refuses a second time with lead.alreadyClosed)
 * in the caller's reach: the owner, or his unit's managers.
 */

const LEAD = getEntity('lead')!;
const ID = z.string().max(60);

export const QUALIFY_BODY = z.object({
  customer: ID.describe("'new', or the id of an existing customer in reach"),
  contact: ID.describe("'new', 'none', or the id of an existing contact of that customer"),
  opportunityName: z.string().max(200).optional(),
  estimatedCloseDate: z.string().max(10).optional().describe('YYYY-MM-DD; default three months from today'),
});

export const leadController: DocumentController = {
  entity: LEAD,
  // Nothing of its own: declaring defaults has the kernel write the initial state (开放) on create.
  defaults: async (_sql, rows) => rows.map(() => ({})),
  bodies: { qualify: QUALIFY_BODY },
  commands: {
    async qualify({ sql, caller, id, body, lang }) {
      const parsed = QUALIFY_BODY.safeParse(body);
      if (!parsed.success) throw refuse('lead.customerChoice', undefined, 'customer');
      const {
        rows: [lead],
      } = await sql.query<Lead>(`SELECT ${LEAD_COLUMNS} FROM lead t WHERE t.leadid = $1::uuid`, [id]);
      const made = await qualifyLead(sql, caller, id, lead, parsed.data, lang);
      return {
        message: 'lead.qualified',
        messageParams: { opportunity: made.opportunityName },
        opens: { entity: 'opportunity', id: made.opportunityId },
      };
    },
    async disqualify({ sql, id, inputs }) {
      if (inputs.new_disqualifyreason == null) throw refuse('lead.reasonRequired', undefined, 'new_disqualifyreason');
      await sql.query('UPDATE lead SET new_closedon = now() WHERE leadid = $1::uuid', [id]);
      return { message: 'lead.disqualified' };
    },
  },
};
