import { opportunityStage, opportunityState } from '@portal/model';
import { Steps } from 'antd';
import { useLocale, useT } from '../../locales/i18n.ts';

/**
 * The opportunity's sales stages as a bar (D365's business process flow): 资格审查 → 需求分析 → 方案报价
 * → 商务谈判 → 赢单 / 输单. The stage reached is current while open; a won deal finishes every step,
 * a lost one marks the last as failed at the stage it was lost in. While open and writable a click on
 * a stage moves the opportunity there (`onStage`). Hooks: `opportunity-stagebar` (data-stage, data-state).
 */
export function StageBar({ stage, state, onStage }: { stage: number; state: number; onStage?: (stage: number) => void }) {
  const t = useT();
  const lang = useLocale();
  const stages = opportunityStage.options;
  const at = Math.max(
    0,
    stages.findIndex((o) => o.value === stage),
  );
  const closed = opportunityState.options.find((o) => o.value === state);
  const last =
    state === opportunityState.open
      ? `${opportunityState.options.find((o) => o.value === opportunityState.won)!.label[lang]} / ${opportunityState.options.find((o) => o.value === opportunityState.lost)!.label[lang]}`
      : closed!.label[lang];
  const open = state === opportunityState.open;
  return (
    <nav
      aria-label={t('opportunity.stageBar')}
      data-testid="opportunity-stagebar"
      data-stage={stage}
      data-state={state}
      style={{ marginBottom: 16 }}
    >
      <Steps
        size="small"
        current={state === opportunityState.won ? stages.length : at}
        status={state === opportunityState.lost ? 'error' : state === opportunityState.won ? 'finish' : 'process'}
        onChange={open && onStage ? (i) => i < stages.length && onStage(stages[i].value) : undefined}
        items={[
          ...stages.map((o, i) => ({
            title: o.label[lang],
            disabled: !open || !onStage,
            status: state === opportunityState.lost && i === at ? ('error' as const) : undefined,
          })),
          { title: last, disabled: true, status: state === opportunityState.won ? ('finish' as const) : ('wait' as const) },
        ]}
      />
    </nav>
  );
}
