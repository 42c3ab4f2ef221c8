import { parameterDescription } from '@portal/model';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';

/**
 * /systemparameter/list: parameters the portal reads (spec 001 §3: maintained by administrators).
 * Each key shows what it is for under it (the model's SYSTEM_PARAMETERS).
 */
export default function ParameterListPage() {
  const t = useT();
  const lang = useLocale();
  const nameCell = (row: Record<string, unknown>) => {
    const description = parameterDescription(row.new_name)?.[lang];
    return (
      <div>
        <div>{String(row.new_name ?? '')}</div>
        {description && (
          <div
            className="parameter-description"
            data-testid="parameter-description"
            style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}
          >
            {description}
          </div>
        )}
      </div>
    );
  };
  return (
    <EntityListPage
      entity="new_systemparameter"
      routeBase="/systemparameter"
      title={t('widgets.parameter.list')}
      renderCell={{ new_name: nameCell }}
    />
  );
}
