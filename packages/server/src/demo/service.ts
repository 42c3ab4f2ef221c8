import type { Sql } from '../db/db.ts';

/** Demo personnel, notices, replies and knowledge-base articles (see seedDemo). */
export interface DemoContext {
  hqUnitId: string;
  adminId: string;
  unitIds: Map<string, string>;
  stationIds: Map<string, string>;
  userIds: Map<string, string>;
}

const WORKERS: [
  station: string,
  name: string,
  sex: 1 | 2,
  job: 1 | 2 | 3,
  edu: number,
  years: number,
  phone: string,
  skill: string,
  region: number,
  mode: number,
][] = [
  ['SH001', '赵磊', 1, 3, 6, 12, '15800158003', '液压系统故障诊断、PLC 调试', 2, 1],
  ['SH001', '钱晓东', 1, 2, 5, 7, '13916275580', '电气控制柜维修、变频器更换', 2, 1],
  ['SH001', '孙建华', 1, 1, 4, 2, '13764418826', '日常保养、滤芯更换', 2, 2],
  ['SH001', '李雪梅', 2, 2, 6, 6, '18621937745', '安装调试、客户培训', 2, 3],
  ['SH001', '周志伟', 1, 3, 5, 15, '13817762209', '动力总成大修、发动机调校', 2, 1],
  ['ZJ001', '吴海峰', 1, 3, 6, 10, '13588016634', '传动部件维修、齿轮箱更换', 2, 1],
  ['ZJ001', '郑丽娜', 2, 1, 5, 1, '15968127745', '保养巡检', 2, 2],
  ['ZJ001', '王国庆', 1, 2, 4, 8, '13757129983', '电气故障排查', 2, 1],
  ['ZJ001', '冯建军', 1, 2, 3, 9, '18857106621', '钣金修复、焊接', 2, 3],
  ['GD001', '陈家豪', 1, 3, 6, 11, '13926073358', '液压与电气综合维修', 3, 1],
  ['GD001', '林晓燕', 2, 2, 6, 5, '13802450017', '安装调试、技术支持', 3, 2],
  ['GD001', '黄志明', 1, 1, 4, 3, '15017586642', '日常保养', 3, 2],
  ['GD001', '梁伟强', 1, 2, 5, 6, '13660418853', '动力系统维修', 3, 1],
];

const NOTICES: {
  title: string;
  type: number;
  sub: string;
  content: string;
  status: number;
  daysAgo: number;
  needReply: boolean;
  publisher: string;
}[] = [
  {
    title: '关于2026年第四季度服务备件价格调整的通知',
    type: 5,
    status: 2,
    daysAgo: 2,
    needReply: true,
    publisher: '售后服务部',
    sub: '自12月1日起，液压、电气类部分备件结算价格调整',
    content:
      '各服务站：\n\n根据原材料价格变化，公司决定自2026年12月1日起调整部分液压系统及电气控制类备件的结算价格，明细见附件。调整前已下单的配件申请仍按原价格执行。\n\n请各服务站于11月28日前回复确认，并及时通知相关人员。\n\n售后服务部\n2026年11月18日',
  },
  {
    title: 'HC-X6 系列新机型上市及售后培训安排',
    type: 7,
    status: 2,
    daysAgo: 5,
    needReply: true,
    publisher: '产品管理部',
    sub: 'HC-X6 系列将于12月正式上市，12月8日起分区域开展培训',
    content:
      'HC-X6 系列智能装备将于2026年12月正式上市。为保障新机型售后服务质量，公司将于12月8日起分华东、华南、华北三个区域开展售后技术培训，每站至少派出2名中级及以上工程师参加。\n\n请各站回复参训人员名单。',
  },
  {
    title: '服务工单及时率考核办法（修订版）',
    type: 2,
    status: 2,
    daysAgo: 9,
    needReply: false,
    publisher: '售后服务部',
    sub: '响应时限由4小时调整为2小时，自12月起执行',
    content:
      '为提升客户满意度，公司修订了服务工单及时率考核办法：\n1. 工单派工后2小时内响应；\n2. 市区24小时内到达现场，郊县48小时内到达；\n3. 完工后24小时内在门户提交完工信息。\n\n考核结果纳入月度奖惩。',
  },
  {
    title: '双十二配件促销活动通知',
    type: 6,
    status: 2,
    daysAgo: 12,
    needReply: false,
    publisher: '市场部',
    sub: '滤芯、皮带等常用耗材限时九折',
    content: '12月1日至12月12日，门户商城常用耗材（滤芯、皮带、密封件等）享受九折优惠，单笔订单满5000元包邮。',
  },
  {
    title: '年末安全生产检查的通知',
    type: 4,
    status: 2,
    daysAgo: 20,
    needReply: false,
    publisher: '行政部',
    sub: '各服务站于12月15日前完成自查',
    content: '请各服务站按照《服务站安全生产检查表》于12月15日前完成自查，重点检查库房消防设施、维修工具及车辆安全。',
  },
  {
    title: '关于启用新版售后服务门户的通知',
    type: 4,
    status: 2,
    daysAgo: 30,
    needReply: false,
    publisher: '信息部',
    sub: '新版门户支持短信登录与多语言',
    content: '新版售后服务门户已于本月上线，支持账号密码、短信验证码登录及中英文界面切换。使用中如有问题请拨打服务热线 400-820-6688。',
  },
  {
    title: '2027年度服务站营销政策（征求意见稿）',
    type: 1,
    status: 1,
    daysAgo: 0,
    needReply: true,
    publisher: '市场部',
    sub: '草稿，待审批后发布',
    content: '2027年度服务站营销政策征求意见稿，内容待定稿后发布。',
  },
];

const KB: { title: string; category: string; keywords: string; state: number; content: string }[] = [
  {
    title: 'HC-X5 液压系统压力不足故障排查指南',
    category: '液压系统',
    keywords: '压力不足,液压泵,溢流阀',
    state: 3,
    content: '1. 检查液压油位与油品；2. 检查吸油滤芯是否堵塞；3. 测量溢流阀设定压力；4. 检查液压泵磨损情况。',
  },
  {
    title: '电气控制柜 PLC 程序备份与恢复操作手册',
    category: '电气控制',
    keywords: 'PLC,备份,恢复',
    state: 3,
    content: '使用编程电缆连接 PLC，打开编程软件，选择“上载”完成备份；恢复时选择“下载”并核对版本号。',
  },
  {
    title: '齿轮箱异响原因分析及处理',
    category: '传动部件',
    keywords: '齿轮箱,异响,轴承',
    state: 3,
    content: '常见原因：润滑不足、轴承损坏、齿面磨损。处理：补加或更换齿轮油，更换损坏轴承，齿面磨损严重时更换齿轮副。',
  },
  {
    title: '发动机冬季启动困难处理方法',
    category: '动力总成',
    keywords: '冬季,启动,预热',
    state: 3,
    content: '检查蓄电池电量与预热塞，更换冬季标号柴油，必要时加装低温启动辅助装置。',
  },
  { title: '新机安装验收标准（2026版）', category: '安装调试', keywords: '安装,验收', state: 2, content: '安装验收标准待审核。' },
];

/** Personnel of the three stations, notices in every state with reads and replies, KB articles. */
export async function seedServiceDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  let n = 0;
  for (const [st, name, sex, job, edu, years, phone, skill, region, mode] of WORKERS) {
    n += 1;
    const stationId = ctx.stationIds.get(st)!;
    const unitId = ctx.unitIds.get(`ST-${st}`)!;
    await sql.query(
      `INSERT INTO new_srv_worker (new_name, new_code, new_sex, new_job, new_educationlevel, new_workyear, new_skill, new_region, new_phone,
         new_wechat, new_load, new_station_id, new_chargingmodetype, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $14, $14)`,
      [
        name,
        `${st}-E${String(n).padStart(3, '0')}`,
        sex,
        job,
        edu,
        years,
        skill,
        region,
        phone,
        `wx_${phone.slice(-6)}`,
        n % 4,
        stationId,
        mode,
        ctx.adminId,
        unitId,
      ],
    );
  }
  // The engineer's account and their personnel record are one person (same mobile): "my orders".
  await sql.query(
    `UPDATE systemuser u SET new_worker_id = w.new_srv_workerid FROM new_srv_worker w
      WHERE u.domainname = 'engineer1' AND w.new_phone = u.mobilephone AND w.new_station_id = u.new_station_id`,
  );
  const noticeIds: string[] = [];
  for (const nt of NOTICES) {
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO new_notice (new_name, new_type, new_summary, new_content, new_status, new_publishtime, new_needreply, new_publisher,
         ownerid, owningbusinessunit, createdby, modifiedby, createdon)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $5 = 2 THEN now() - make_interval(days => $6) END, $7, $8, $9, $10, $9, $9, now() - make_interval(days => $6))
       RETURNING new_noticeid AS id`,
      [nt.title, nt.type, nt.sub, nt.content, nt.status, nt.daysAgo, nt.needReply, nt.publisher, ctx.adminId, ctx.hqUnitId],
    );
    noticeIds.push(rows[0].id);
  }
  // station2 has read the older notices and replied to the training notice; station1 has read one.
  const read = async (user: string, unit: string, idx: number) =>
    sql.query(
      `INSERT INTO new_noticeread (new_name, new_notice_id, new_readtime, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, now() - interval '1 day', $3, $4, $3, $3)`,
      [NOTICES[idx].title.slice(0, 200), noticeIds[idx], ctx.userIds.get(user), ctx.unitIds.get(unit)],
    );
  for (const i of [1, 2, 3, 4, 5]) await read('station2', 'ST-ZJ001', i);
  await read('station1', 'ST-SH001', 5);
  await sql.query(
    `INSERT INTO new_noticereply (new_name, new_notice_id, new_content, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ('刘洋（杭州西湖华辰服务站）', $1, '我站参训人员：吴海峰（高级工程师）、王国庆（中级工程师）。', $2, $3, $2, $2)`,
    [noticeIds[1], ctx.userIds.get('station2'), ctx.unitIds.get('ST-ZJ001')],
  );
  // The demo articles are text articles: they name no file they do not have (an article naming a
  // PDF listed 暂无附件; issue 24). An editor names a file when attaching one.
  for (const kb of KB) {
    await sql.query(
      `INSERT INTO new_kbarticle (new_name, new_category, new_keywords, new_state, new_content, ownerid, owningbusinessunit, createdby, modifiedby)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $6)`,
      [kb.title, kb.category, kb.keywords, kb.state, kb.content, ctx.adminId, ctx.hqUnitId],
    );
  }
}
