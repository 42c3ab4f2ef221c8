import { leadState, opportunityStage, opportunityState } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { LeadJoinScreen, LeadPage, OpportunityPage } from '../pages/lead-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// Leads (issue 29, proof 1): 韩冬 qualifies a lead into an opportunity, a new customer and a new
// contact, and the lead becomes read-only; a disqualified lead cannot be edited; 周敏, added as
// collaborator, opens the first lead's join view and is refused the second's. Every rule, refusal
// and scope is proven in the server's domain/leads/leads.test.ts.
const suite = portalSuite();

type Row = Record<string, unknown>;

describe('leads', () => {
  it('a lead is qualified into an opportunity, customer and contact and becomes read-only; a disqualified one cannot be edited; a collaborator opens joinview, a stranger cannot', async () => {
    const base = suite.portal.standardUrl;
    const page = await signedInPage(suite, 'salesman1', '/lead/create');
    const lead = new LeadPage(page);
    const qualifiedId = await lead.create({
      subject: '佛山精工空压站节能改造',
      source: '展会',
      fullname: '谭振宇',
      mobile: '13825566017',
      company: '佛山市南海精工压缩机配套有限公司',
    });
    await lead.addCollaborator('周敏');

    const oppId = await lead.qualify({ customer: 'new', contact: 'new' });
    const opportunity = new OpportunityPage(page);
    expect(await opportunity.stageBar()).toEqual({ stage: opportunityStage.qualify, state: opportunityState.open });
    const api = pageApi(page);
    const opp = await api<Row>(`/api/crmdata/Retrieve/opportunities(${oppId})`);
    expect(opp).toMatchObject({ name: '佛山精工空压站节能改造', originatingleadid: qualifiedId });
    const customer = await api<Row>(`/api/crmdata/Retrieve/new_endcustomers(${opp.new_customer_id})`);
    expect(customer).toMatchObject({ new_name: '佛山市南海精工压缩机配套有限公司', new_mobile: '13825566017' });
    const contact = await api<Row>(`/api/crmdata/Retrieve/contacts(${opp.new_contact_id})`);
    expect(contact).toMatchObject({ fullname: '谭振宇', mobilephone: '13825566017', parentcustomerid: opp.new_customer_id });

    // Back on the lead: 已认定, read-only, nothing more to run.
    await page.goto(`${base}/lead/view/${qualifiedId}`);
    await lead.waitForState(leadState.qualified);
    expect(await lead.editable()).toBe(false);
    await lead.waitForReadOnly('lead');
    expect(await lead.inputs().count()).toBe(0);
    expect(await lead.offers('lead-qualify')).toBe(false);
    expect(await lead.offers('lead-disqualify')).toBe(false);

    // A second lead, disqualified: it cannot be edited either.
    await page.goto(`${base}/lead/create`);
    const disqualifiedId = await lead.create({
      subject: '江门五金厂液压站询价',
      source: '广告',
      fullname: '区志坚',
      mobile: '13702286641',
      company: '江门市蓬江区恒力五金制品厂',
    });
    await lead.disqualify('无法联系', '三次回拨均为空号');
    expect(await lead.editable()).toBe(false);
    await lead.waitForReadOnly('lead');
    expect(await lead.inputs().count()).toBe(0);
    expect(await lead.offers('form-save')).toBe(false);
    expect(await lead.offers('lead-qualify')).toBe(false);

    // 周敏 collaborates on the first lead: its join view; the second is not his to see.
    const zhou = await signedInPage(suite, 'salesman2', `/lead/joinview/${qualifiedId}`);
    const join = new LeadJoinScreen(zhou);
    const shown = await join.outcome();
    expect(shown).toMatchObject({ shown: true, subject: '佛山精工空压站节能改造' });
    if (shown.shown) expect(shown.fields).toMatchObject({ ownerid: '韩冬', leadsourcecode: '展会', new_leadstate: '已认定' });
    expect(await join.inputs().count()).toBe(0);
    await zhou.goto(`${base}/lead/joinview/${disqualifiedId}`);
    expect(await join.outcome()).toEqual({ shown: false });
  });
});
