import { bool, date, defineEntity, label, text } from '../define.ts';

/**
 * The administrator's working calendar: a day that is a working day or a day off whatever the
 * published holiday arrangement says (a year the State Council has not published yet, or a
 * company-wide exception). The server's working-day count reads it first
 * (server/src/domain/calendar/working-days.ts).
 */
export const workCalendarDay = defineEntity({
  logicalName: 'new_workcalendarday',
  entitySet: 'new_workcalendardays',
  label: label('工作日历', 'Working calendar'),
  scope: { kind: 'global' },
  access: { read: 'parameter.manage', write: 'parameter.manage' },
  screens: {
    list: {
      name: 'workCalendarList',
      path: '/systemparameter/workcalendar',
      page: 'WorkCalendarListPage',
      menu: { group: 'system', order: 70, key: 'workCalendar', label: 'menu.workCalendar' },
    },
    create: { name: 'workCalendarCreate', path: '/systemparameter/workcalendar/create' },
    edit: { name: 'workCalendarEdit', path: '/systemparameter/workcalendar/edit/:id' },
  },
  fields: {
    new_date: date(label('日期', 'Date'), { required: true, unique: true }),
    new_isworking: bool(label('上班', 'Working day'), {
      required: true,
      trueLabel: label('上班', 'Working'),
      falseLabel: label('放假', 'Day off'),
    }),
    new_name: text(label('说明', 'Note'), { required: true, searchable: true, maxLength: 100 }),
  },
  views: {
    all: {
      label: label('全部日期', 'All days'),
      columns: ['new_date', 'new_isworking', 'new_name', 'modifiedon', 'modifiedby'],
      orderBy: [['new_date', 'desc']],
    },
  },
  forms: {
    main: [{ key: 'day', label: label('日期设置', 'Day'), fields: ['new_date', 'new_isworking', 'new_name'] }],
  },
});
