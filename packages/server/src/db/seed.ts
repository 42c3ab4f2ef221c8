import { hashPassword } from '../auth/passwords.ts';
import type { Db, Sql } from './db.ts';
import { seedServiceDemo } from '../demo/service.ts';
import { seedShopCatalogue } from '../domain/shop/demo-catalogue.ts';
import { seedApprovalDemo } from '../demo/approval.ts';
import { seedWorkOrderDemo } from '../demo/work-orders.ts';
import { seedPartsDemo } from '../demo/parts.ts';
import { seedPartsSalesDemo } from '../demo/parts-sales.ts';
import { seedSiteReturnDemo } from '../demo/site-return.ts';
import { seedExpenseDemo } from '../demo/expense.ts';
import { seedPartsReturnDemo } from '../demo/parts-return.ts';
import { seedQuotaDemo } from '../demo/quota.ts';
import { seedDelayDemo } from '../demo/delay.ts';
import { seedCasesDemo } from '../demo/cases.ts';
import { seedProductReturnDemo } from '../demo/product-return.ts';
import { seedStationApplyDemo } from '../demo/station-apply.ts';
import { seedAccountApplyDemo } from '../demo/account-apply.ts';
import { seedContractDemo } from '../demo/contract.ts';
import { seedOverseasDemo } from '../demo/overseas.ts';
import { seedMessageDemo } from '../demo/messages.ts';
import { seedShopPublicDemo } from '../demo/shop-public.ts';
import { seedSalesNetwork } from '../demo/sales-network.ts';
import { seedSalesOrderDemo } from '../demo/sales-orders.ts';
import { seedSalesFinanceDemo } from '../demo/sales-finance.ts';
import { seedAccountStatementDemo } from '../demo/account-statements.ts';
import { seedSalesTargetDemo } from '../demo/sales-targets.ts';
import { seedRebateDemo } from '../demo/rebates.ts';
import { seedCreditDemo, seedCreditLimits } from '../demo/credit.ts';
import { seedMarketingFundsDemo } from '../demo/marketing-funds.ts';
import { seedSalesContractDemo } from '../demo/sales-contracts.ts';
import { seedUserCentreDemo } from '../demo/user-centre.ts';
import { seedStockInOutDemo } from '../demo/stock-in-out.ts';
import { seedPurchaseOrderDemo } from '../demo/purchase-orders.ts';
import { seedLeadDemo } from '../demo/leads.ts';
import { seedConfiguratorDemo } from '../demo/configurator.ts';
import { seedQuoteDemo } from '../demo/quotes.ts';
import { seedServiceAccountDemo } from '../demo/service-accounts.ts';
import {
  DEMO_LANGUAGE_CONFIGS,
  DEMO_LANGUAGES,
  DEMO_PARAMETERS,
  DEMO_PASSWORD,
  DEMO_ROLES,
  DEMO_STATIONS,
  DEMO_UNITS,
  DEMO_USERS,
} from '../demo/data.ts';
import { insert } from '../demo/insert.ts';
import { startupProgress } from './seed-progress.ts';
import { quietLog, type StartupLog } from '../logging.ts';
import { lastPublishedYear } from '../domain/calendar/working-days.ts';

/** Languages every installation needs (demo or not). */
export async function seedBaseline(db: Db): Promise<void> {
  await db.tx(async (sql) => {
    // Instances starting together: without the lock both would find a language missing and add it.
    await sql.query('SELECT pg_advisory_xact_lock(727004)');
    for (const l of DEMO_LANGUAGES) {
      await sql.query(
        `INSERT INTO new_language (new_code, new_name, new_displayname, new_langid) SELECT $1::varchar, $2::varchar, $3::varchar, $4::int
          WHERE NOT EXISTS (SELECT 1 FROM new_language WHERE new_code = $1)`,
        [l.new_code, l.new_name, l.new_displayname, l.new_langid],
      );
    }
  });
}

export async function hasData(db: Db): Promise<boolean> {
  return !!(await db.one('SELECT 1 AS x FROM businessunit LIMIT 1'));
}

type DemoOrg = {
  hqUnitId: string;
  adminId: string;
  unitIds: Map<string, string>;
  stationIds: Map<string, string>;
  userIds: Map<string, string>;
};

/** The demo organisation, roles and accounts, in one transaction. Table names are fixed literals here. */
export async function seedDemo(db: Db, log: StartupLog = quietLog): Promise<void> {
  const progress = startupProgress(log, 'demo data');
  const passwordHash = await progress.stage('password hash (argon2)', () => hashPassword(DEMO_PASSWORD));
  await db.tx(async (tx) => {
    // Instances starting together: one seeds, the others find the data there.
    await tx.query('SELECT pg_advisory_xact_lock(727002)');
    if ((await tx.query('SELECT 1 FROM businessunit LIMIT 1')).rowCount) return;
    // One line per stage with what it wrote and how long it took: a first start seeds for a while.
    const stage = (name: string, fn: (sql: Sql) => Promise<unknown>) => progress.stage(name, fn, tx);
    let org!: DemoOrg;
    await stage('organisation, roles, users, parameters', async (sql) => {
      const unitIds = new Map<string, string>();
      for (const u of DEMO_UNITS) {
        unitIds.set(
          u.code,
          await insert(
            sql,
            'businessunit',
            {
              name: u.name,
              new_code: u.code,
              new_type: u.type,
              parentbusinessunitid: u.parent ? unitIds.get(u.parent) : null,
            },
            'businessunitid',
          ),
        );
      }
      const hq = unitIds.get('HQ')!;
      const stationIds = new Map<string, string>();
      for (const st of DEMO_STATIONS) {
        const { unit, ...fields } = st;
        const unitId = unitIds.get(unit)!;
        stationIds.set(
          st.new_code,
          await insert(sql, 'new_srv_station', { ...fields, new_businessunit_id: unitId, owningbusinessunit: unitId }, 'new_srv_stationid'),
        );
      }
      const roleIds = new Map<string, string>();
      for (const r of DEMO_ROLES) {
        const id = await insert(
          sql,
          'role',
          { name: r.name, new_code: r.code, new_description: r.description, owningbusinessunit: hq },
          'roleid',
        );
        roleIds.set(r.code, id);
        // A role's privileges in one statement (one round trip into the embedded database each, on a first start).
        await sql.query('INSERT INTO new_roleprivilege (new_name, new_role_id) SELECT unnest($1::text[]), $2', [r.privileges, id]);
      }
      let adminId: string | undefined;
      const userIds = new Map<string, string>();
      for (const u of DEMO_USERS) {
        const unitId = unitIds.get(u.unit)!;
        const id = await insert(
          sql,
          'systemuser',
          {
            fullname: u.fullname,
            domainname: u.login,
            mobilephone: u.mobile,
            title: u.title,
            new_usertype: u.userType,
            businessunitid: unitId,
            owningbusinessunit: unitId,
            new_station_id: u.station ? stationIds.get(u.station) : null,
            new_password: passwordHash,
            isdisabled: false,
            internalemailaddress: `${u.login}@huachen-service.cn`,
          },
          'systemuserid',
        );
        adminId ??= id;
        userIds.set(u.login, id);
        for (const r of u.roles) await insert(sql, 'systemuserroles', { systemuserid: id, roleid: roleIds.get(r) }, 'systemuserrolesid');
      }
      for (const c of DEMO_LANGUAGE_CONFIGS) {
        for (const langId of [2052, 1033] as const) {
          await insert(
            sql,
            'new_languageconfig',
            { new_name: c.key, new_langid: langId, new_value: c[langId], createdby: adminId },
            'new_languageconfigid',
          );
        }
      }
      for (const p of DEMO_PARAMETERS) {
        await insert(
          sql,
          'new_systemparameter',
          { new_name: p.name, new_value: p.value, createdby: adminId, owningbusinessunit: hq },
          'new_systemparameterid',
        );
      }
      // The working calendar: the first year without a published arrangement gets its 元旦 (always a holiday) ahead.
      const unpublished = lastPublishedYear() + 1;
      await insert(
        sql,
        'new_workcalendarday',
        {
          new_date: `${unpublished}-01-01`,
          new_isworking: false,
          new_name: `${unpublished} 年元旦（全年安排公布前先行录入）`,
          createdby: adminId,
          modifiedby: adminId,
          ownerid: adminId,
          owningbusinessunit: hq,
        },
        'new_workcalendardayid',
      );
      org = { hqUnitId: hq, adminId: adminId!, unitIds, stationIds, userIds };
    });
    await stage('service network (products, workers, customers)', (sql) => seedServiceDemo(sql, org));
    await stage('shop catalogue', (sql) => seedShopCatalogue(sql, { hqUnitId: org.hqUnitId, adminId: org.adminId }));
    await stage('approvals', (sql) => seedApprovalDemo(sql, org));
    await stage('work orders', (sql) => seedWorkOrderDemo(sql, org));
    await stage('delays', (sql) => seedDelayDemo(sql, org));
    await stage('product returns', (sql) => seedProductReturnDemo(sql, org));
    // Quotas before the parts demo: its submitted applications draw on them.
    await stage('quotas', (sql) => seedQuotaDemo(sql, org));
    await stage('parts and stock', (sql) => seedPartsDemo(sql, org));
    await stage('sales network (dealer and store warehouses)', async (sql) => {
      await seedSalesNetwork(sql, org);
    });
    // Dealers' credit limits before their first orders: submitting checks credit.
    await stage('credit limits', (sql) => seedCreditLimits(sql, org));
    await stage('sales orders, shipments and reissues', (sql) => seedSalesOrderDemo(sql, org));
    await stage('invoices, VAT invoices and receipts', (sql) => seedSalesFinanceDemo(sql, org));
    await stage('salesmen, sales targets and forecasts', (sql) => seedSalesTargetDemo(sql, org));
    await stage('special prices and rebates (policies, last month accrued, an order using rebate)', (sql) => seedRebateDemo(sql, org));
    await stage('marketing funds (cost and activity applications, checks, write-offs)', (sql) => seedMarketingFundsDemo(sql, org));
    await stage('user centre (stores, store products, customers, partners, staff)', (sql) => seedUserCentreDemo(sql, org, passwordHash));
    await stage('purchase orders (stores to their dealers)', (sql) => seedPurchaseOrderDemo(sql));
    await stage('leads and opportunities (every state, stages, won and lost)', (sql) => seedLeadDemo(sql));
    await stage('quotes (every state, a revision, won and converted into an order, lost)', (sql) => seedQuoteDemo(sql));
    await stage('stock in and out (dealers and stores)', (sql) => seedStockInOutDemo(sql));
    await stage('parts sales', (sql) => seedPartsSalesDemo(sql));
    await stage('site returns', (sql) => seedSiteReturnDemo(sql));
    await stage('expense settlements', (sql) => seedExpenseDemo(sql));
    await stage('old parts returns', (sql) => seedPartsReturnDemo(sql));
    await stage('station applications', (sql) => seedStationApplyDemo(sql, org));
    await stage('account applications', (sql) => seedAccountApplyDemo(sql, org));
    await stage('contracts', (sql) => seedContractDemo(sql, org));
    await stage('overseas orders', (sql) => seedOverseasDemo(sql));
    await stage('public shop', (sql) => seedShopPublicDemo(sql, org));
    await stage('cases', (sql) => seedCasesDemo(sql, org));
    await stage('account statements (two months, confirmed and disputed)', (sql) => seedAccountStatementDemo(sql));
    await stage('messages', (sql) => seedMessageDemo(sql));
    await stage('sales contracts and payment plans (every approval state; plans paid, part paid, overdue)', (sql) =>
      seedSalesContractDemo(sql, org),
    );
    await stage('product configurator (three products, saved configurations)', (sql) => seedConfiguratorDemo(sql, org));
    // Last: a dealer's credit position is what every document before left it at.
    await stage('credit: the stocking order and temporary credit', (sql) => seedCreditDemo(sql, org));
    // After every document: no demo event addresses a system's account.
    await stage('service accounts (an ERP, a Power BI report; secrets unknown)', (sql) => seedServiceAccountDemo(sql));
  });
  progress.done();
}
