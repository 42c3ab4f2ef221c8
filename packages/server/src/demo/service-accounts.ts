import type { Sql } from '../db/db.ts';
import { createServiceAccount } from '../integration/service-accounts/commands.ts';
import { callerOf } from './parts.ts';

/**
 * Two systems calling the API (issue 30), made by the administrator through the same command as
 * on the screen. Their secrets are unknown: the command's answer is dropped here, so an
 * administrator issues a new secret (重新生成密钥) to connect one.
 */
const ACCOUNTS = [
  // Kingdee K/3 takes approved orders and shipments and sends back invoices and receipts, for the whole company.
  { name: '金蝶K3 ERP 接口', units: ['HQ'], roles: ['R14-SALESADMIN', 'R15-FINANCE'], rateLimit: 1200, usedHoursAgo: 2 },
  // The East China branch's Power BI refresh reads its stations' service data.
  { name: '华东大区 Power BI 报表', units: ['BR-HD'], roles: ['R03-BRANCH'], rateLimit: 300, usedHoursAgo: 20 },
];

export async function seedServiceAccountDemo(sql: Sql): Promise<void> {
  const admin = await callerOf(sql, 'admin');
  for (const a of ACCOUNTS) {
    const { rows: units } = await sql.query<{ id: string }>(
      'SELECT businessunitid AS id FROM businessunit WHERE new_code = ANY($1::text[])',
      [a.units],
    );
    const { rows: roles } = await sql.query<{ id: string }>('SELECT roleid AS id FROM role WHERE new_code = ANY($1::text[])', [a.roles]);
    const made = await createServiceAccount(
      sql,
      admin,
      { name: a.name, units: units.map((u) => u.id), roles: roles.map((r) => r.id), rateLimit: a.rateLimit },
      'zh-CN',
    );
    await sql.query(
      `UPDATE new_serviceaccount SET new_lastusedon = now() - make_interval(hours => $2), createdon = now() - interval '30 days',
              new_secretrotatedon = now() - interval '30 days' WHERE new_serviceaccountid = $1`,
      [made.id, a.usedHoursAgo],
    );
  }
}
