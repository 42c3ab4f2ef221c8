import { Alert } from 'antd';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';

/** /systemparameter/workcalendar: the days that override the published holiday arrangement, with how working days are counted. */
export default function WorkCalendarListPage() {
  const t = useT();
  return (
    <>
      <Alert type="info" showIcon title={t('calendar.intro')} data-testid="work-calendar-intro" style={{ marginBottom: 12 }} />
      <EntityListPage entity="new_workcalendarday" routeBase="/systemparameter/workcalendar" title={t('menu.workCalendar')} />
    </>
  );
}
