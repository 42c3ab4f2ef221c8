import { defineNamedOptionSet, label } from '../define.ts';

/** A service account's state: only an enabled account gets tokens, and disabling ends the ones it has. */
export const serviceAccountState = defineNamedOptionSet('new_serviceaccount_state', label('状态', 'State'), {
  enabled: { value: 1, label: label('启用', 'Enabled') },
  disabled: { value: 2, label: label('停用', 'Disabled') },
});
