import { ENTITIES, getEntity, LANGS, msg, type EntityDef, type Label, type MessageKey } from '@portal/model';

/** One kind of event a subscription may take: `<entity logical name>.<command or moment>`. */
export interface EventType {
  type: string;
  entity: string;
  label: Label;
}

/** The approval engine's moments (flow/engine.ts), for every document that declares `document.approval`. */
export const FLOW_MOMENTS = ['submitted', 'approved', 'rejected', 'vetoed', 'revoked'] as const;

/** Events raised outside the kernel and the engine, by the domain command that makes them (see emit.ts callers). */
const NAMED: { entity: string; moment: 'created' | 'completed' | 'audited' }[] = [
  { entity: 'invoice', moment: 'created' },
  { entity: 'new_srv_workorder', moment: 'completed' },
  { entity: 'new_srv_workorder', moment: 'audited' },
];

const labelOf = (e: EntityDef, what: (lang: (typeof LANGS)[number]) => string): Label =>
  Object.fromEntries(LANGS.map((l) => [l, `${e.label[l]}${l === 'zh-CN' ? '：' : ': '}${what(l)}`])) as Label;

/**
 * The event type of a document command: `<entity>.<command>`, or `<entity>.command.<command>` where
 * the name is also an approval moment of the document (the parts application's `approved` command,
 * 修改审批数量, is not its approval's end).
 */
export function commandEventType(e: EntityDef, command: string): string {
  const clash = !!e.document?.approval && (FLOW_MOMENTS as readonly string[]).includes(command);
  return `${e.logicalName}.${clash ? 'command.' : ''}${command}`;
}

/** The event type of an approval moment or a named domain event: `<entity>.<moment>`. */
export const momentEventType = (e: EntityDef, moment: string): string => `${e.logicalName}.${moment}`;

let cached: EventType[] | undefined;

/**
 * Every event type, derived from the model: each document command (the kernel emits
 * `<entity>.<command>` after it ran), each approval moment of an approval document, and the
 * named domain events. The subscription screen offers these; a subscription takes only these.
 */
export function eventTypes(): EventType[] {
  if (cached) return cached;
  const out: EventType[] = [];
  for (const e of ENTITIES) {
    for (const [name, c] of Object.entries(e.document?.commands ?? {}))
      out.push({ type: commandEventType(e, name), entity: e.logicalName, label: labelOf(e, (l) => msg(c.label, l)) });
    if (e.document?.approval)
      for (const m of FLOW_MOMENTS)
        out.push({
          type: momentEventType(e, m),
          entity: e.logicalName,
          label: labelOf(e, (l) => msg(`webhook.moment.${m}` as MessageKey, l)),
        });
  }
  for (const n of NAMED) {
    const e = getEntity(n.entity);
    if (e)
      out.push({
        type: momentEventType(e, n.moment),
        entity: e.logicalName,
        label: labelOf(e, (l) => msg(`webhook.moment.${n.moment}`, l)),
      });
  }
  cached = out;
  return out;
}

export function isEventType(type: string): boolean {
  return eventTypes().some((t) => t.type === type);
}
