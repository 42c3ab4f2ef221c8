import { screen } from './entity-screens.ts';
import type { RouteDef } from './routes.ts';

/**
 * The administrator's working calendar (not a spec route; decisions "Working days: China's
 * calendar"): a list with the rule explained, generic create and edit.
 */
export const WORK_CALENDAR_ROUTES: RouteDef[] = [
  { name: 'workCalendarList', path: '/systemparameter/workcalendar', layout: 'shell', permissions: ['parameter.manage'], screen: { entity: 'new_workcalendarday', kind: 'list' }, page: 'WorkCalendarListPage' },
  { name: 'workCalendarCreate', path: '/systemparameter/workcalendar/create', ...screen.create('new_workcalendarday') },
  { name: 'workCalendarEdit', path: '/systemparameter/workcalendar/edit/:id', ...screen.edit('new_workcalendarday') },
];
