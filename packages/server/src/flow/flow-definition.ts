import { approvableEntities, isApprovableName, msg } from '@portal/model';
import { valueChecks } from '../records/validate.ts';

/**
 * A flow (new_flow) names the document it approves by logical name: only an approvable entity
 * (one carrying the model's approval fields) may be named, else no document would ever find it.
 */
export function installFlowDefinition(): void {
  valueChecks.set('new_flow', [
    (values, lang) => {
      const v = values.new_entityname;
      if (typeof v !== 'string' || isApprovableName(v)) return [];
      const choices = approvableEntities()
        .map((e) => `${e.label[lang]} (${e.logicalName})`)
        .join(lang === 'zh-CN' ? '、' : ', ');
      return [{ field: 'new_entityname', message: msg('flow.entityNotApprovable', lang, { value: v.slice(0, 100), choices }) }];
    },
  ]);
}
