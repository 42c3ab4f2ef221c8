import { dateTime, decimal, defineEntity, image, int, label, lookup, memo, optionSet, text } from '../define.ts';
import { serviceRegion } from '../option-sets/organisation.ts';
import { chargingMode, educationLevel, sex, workerJob } from '../option-sets/service.ts';

/** Service personnel (engineers) of a station, spec 001 §3. */
export const serviceWorker = defineEntity({
  logicalName: 'new_srv_worker',
  entitySet: 'new_srv_workers',
  label: label('服务人员', 'Service personnel'),
  scope: { kind: 'station', field: 'new_station_id' },
  access: { read: 'worker.read', write: 'worker.write' },
  attachments: true,
  fields: {
    new_name: text(label('姓名', 'Name'), { required: true, searchable: true, maxLength: 60 }),
    new_code: text(label('工号', 'Code'), { required: true, searchable: true, maxLength: 40 }),
    new_sex: optionSet(sex),
    new_job: optionSet(workerJob),
    new_educationlevel: optionSet(educationLevel),
    new_workyear: int(label('工作年限', 'Working years'), { min: 0, max: 60 }),
    new_skill: memo(label('技能', 'Skills'), { maxLength: 500 }),
    new_region: optionSet(serviceRegion),
    new_phone: text(label('手机号码', 'Phone'), { required: true, pattern: 'phone', searchable: true, maxLength: 20 }),
    new_wechat: text(label('微信', 'WeChat'), { maxLength: 60 }),
    new_load: int(label('当前负荷', 'Load'), { readOnly: true }),
    new_station_id: lookup('new_srv_station', label('服务站', 'Service station'), { required: true, indexed: true }),
    new_image: image(label('照片', 'Photo'), 100 * 1024),
    new_chargingmodetype: optionSet(chargingMode),
    new_longitude: decimal(label('最近位置经度', 'Last longitude'), { readOnly: true, precision: 6 }),
    new_latitude: decimal(label('最近位置纬度', 'Last latitude'), { readOnly: true, precision: 6 }),
    new_locationtime: dateTime(label('定位时间', 'Located on'), { readOnly: true }),
    new_apppassword: text(label('工程师 App 密码', 'Engineer app password'), { secret: true, readOnly: true, maxLength: 200 }),
  },
  indexes: [['new_station_id', 'createdon']],
  // A code is unique within its station: stations number their people independently, and a
  // global key would tell one station which codes another uses.
  uniques: [['new_station_id', 'new_code']],
  views: {
    active: {
      label: label('全部服务人员', 'All personnel'),
      columns: ['new_code', 'new_name', 'new_sex', 'new_job', 'new_phone', 'new_station_id', 'new_workyear', 'new_load'],
      orderBy: [['createdon', 'desc']],
    },
    senior: {
      label: label('高级工程师', 'Senior engineers'),
      columns: ['new_code', 'new_name', 'new_phone', 'new_station_id', 'new_workyear'],
      orderBy: [['new_code', 'asc']],
      filter: { new_job: 3 },
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('基本信息', 'Basic information'),
        fields: [
          'new_name',
          'new_code',
          'new_sex',
          'new_station_id',
          'new_job',
          'new_educationlevel',
          'new_workyear',
          'new_chargingmodetype',
        ],
      },
      { key: 'contact', label: label('联系方式', 'Contact'), fields: ['new_phone', 'new_wechat', 'new_region'] },
      { key: 'skill', label: label('技能与照片', 'Skills and photo'), fields: ['new_skill', 'new_image', 'new_load'] },
    ],
  },
});
