import { label } from '../define.ts';

/** Texts of the working calendar (/systemparameter/workcalendar) and the working-day count. */
export const workingCalendarMessages = {
  'menu.workCalendar': label('工作日历', 'Working calendar'),
  'calendar.intro': label(
    '工作日按国务院办公厅公布的法定节假日和调休安排计算（随系统更新）；尚未公布安排的年份按周一至周五计算。在此录入的日期优先：可先行录入下一年的安排，或调整某一天是否上班。',
    "Working days follow the statutory holidays and make-up working days the State Council publishes (updated with the portal); a year not yet published counts Monday to Friday. Days entered here come first: enter next year's arrangement ahead, or make a single day a working day or a day off.",
  ),
  'calendar.noWorkingDay': label(
    '{from} 之后一年内没有工作日，无法计算期限：请检查工作日历',
    'No working day in the year after {from}: the deadline cannot be counted. Check the working calendar',
  ),
};
