import type { DocumentCommand, EntityDef, FieldDef, MessageKey } from '@portal/model';
import { z } from 'zod';
import { documentControllers } from '../documents/controllers.ts';
import type { DocumentController } from '../documents/controller.ts';
import { flowDocument } from '../flow/documents.ts';
import type { FlowAction } from '../flow/engine.ts';

/*
 * The bound actions of the Web API (POST {set}({id})/Microsoft.Dynamics.CRM.<name>), one catalogue
 * for the route (webapi/bound-actions.ts) and $metadata (metadata*.ts): every declared command of a
 * controlled document (the kernel's runCommand, as /api/documents/<set>/:id/<command>), and for a
 * document with approval the approval engine's actions (as /api/CrmFlow/*). Keep the shape stable:
 * $metadata imports it.
 */

export type EdmPrimitive = 'Edm.String' | 'Edm.Int32' | 'Edm.Decimal' | 'Edm.Boolean' | 'Edm.Guid' | 'Edm.Date' | 'Edm.DateTimeOffset';

/** A complex type an action parameter (or result) uses: its qualified name is `Microsoft.Dynamics.CRM.<name>`. */
export interface ComplexType {
  name: string;
  properties: { name: string; type: EdmPrimitive; nullable: boolean; maxLength?: number }[];
}

export interface ActionParam {
  name: string;
  /** A primitive, or a complex type (always a collection in this catalogue). */
  type: EdmPrimitive | ComplexType;
  collection: boolean;
  nullable: boolean;
  maxLength?: number;
  /** The entity's field the parameter writes (a declared command input): its label, options and limits. */
  field?: FieldDef;
}

export interface BoundAction {
  /** The action's name (without the namespace): the command's name, or `Flow<Action>` for approval. */
  name: string;
  kind: 'command' | 'flow';
  /** The document command (kind `command`) or the approval action (kind `flow`) it runs. */
  command?: string;
  flow?: FlowAction;
  /** The button's text (catalogue key). */
  label: MessageKey;
  /** The parameters besides the bound entity, in body order. */
  parameters: ActionParam[];
}

/** What every bound action answers (the command's CommandResult): `Microsoft.Dynamics.CRM.new_ActionResult`. */
export const ACTION_RESULT: ComplexType = {
  name: 'new_ActionResult',
  properties: [
    { name: 'id', type: 'Edm.Guid', nullable: false },
    { name: 'message', type: 'Edm.String', nullable: false },
    { name: 'state', type: 'Edm.Int32', nullable: true },
    { name: 'lineId', type: 'Edm.Guid', nullable: true },
  ],
};

/** The approver chosen for each step of the flow (FlowSubmit's ApproveList, as /api/CrmFlow/submit takes it). */
export const APPROVE_STEP: ComplexType = {
  name: 'new_ApproveStep',
  properties: [
    { name: 'StepId', type: 'Edm.Guid', nullable: false },
    { name: 'ApproveUserId', type: 'Edm.Guid', nullable: false },
  ],
};

/** A field of the model as an Edm primitive type (the declared inputs of commands; $metadata types properties the same way). */
export function edmType(f: FieldDef): EdmPrimitive {
  switch (f.type) {
    case 'int':
    case 'optionset':
      return 'Edm.Int32';
    case 'decimal':
    case 'money':
      return 'Edm.Decimal';
    case 'bool':
      return 'Edm.Boolean';
    case 'datetime':
      return 'Edm.DateTimeOffset';
    case 'date':
      return 'Edm.Date';
    case 'lookup':
      return 'Edm.Guid';
    default:
      return 'Edm.String';
  }
}

type Json = {
  type?: string;
  format?: string;
  maxLength?: number;
  anyOf?: Json[];
  items?: Json;
  properties?: Record<string, Json>;
  required?: string[];
};

/** A JSON-schema leaf (from a controller's zod body) as an Edm primitive: a number-or-text is a decimal. */
function primitive(s: Json): { type: EdmPrimitive; nullable: boolean; maxLength?: number } {
  const alts = s.anyOf ?? [s];
  const nullable = alts.some((a) => a.type === 'null');
  const types = alts.filter((a) => a.type !== 'null');
  const has = (t: string) => types.some((a) => a.type === t);
  const str = types.find((a) => a.type === 'string');
  if (has('number')) return { type: 'Edm.Decimal', nullable };
  if (has('integer')) return { type: 'Edm.Int32', nullable };
  if (has('boolean')) return { type: 'Edm.Boolean', nullable };
  const format = str?.format;
  if (format === 'uuid') return { type: 'Edm.Guid', nullable };
  if (format === 'date') return { type: 'Edm.Date', nullable };
  if (format === 'date-time') return { type: 'Edm.DateTimeOffset', nullable };
  return { type: 'Edm.String', nullable, ...(str?.maxLength !== undefined ? { maxLength: str.maxLength } : {}) };
}

/** What a controller reads from the body beyond the declared inputs (`bodies`), as parameters. */
function bodyParams(e: EntityDef, action: string, body: z.ZodObject | undefined, declared: Set<string>): ActionParam[] {
  if (!body) return [];
  const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as Json;
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => !declared.has(name))
    .map(([name, s]): ActionParam => {
      const arr = s.anyOf?.find((a) => a.type === 'array') ?? (s.type === 'array' ? s : undefined);
      if (arr?.items?.type === 'object') {
        const req = new Set(arr.items.required ?? []);
        const type: ComplexType = {
          name: `${e.logicalName}_${action}_${name}`,
          properties: Object.entries(arr.items.properties ?? {}).map(([p, ps]) => {
            const t = primitive(ps);
            return { name: p, ...t, nullable: t.nullable || !req.has(p) };
          }),
        };
        return { name, type, collection: true, nullable: !required.has(name) };
      }
      if (arr) return { name, ...primitive(arr.items ?? {}), collection: true, nullable: !required.has(name) };
      const t = primitive(s);
      return { name, ...t, collection: false, nullable: t.nullable || !required.has(name) };
    });
}

function commandAction(ctrl: DocumentController, name: string, c: DocumentCommand): BoundAction {
  const e = ctrl.entity;
  const declared = new Set(c.inputs ?? []);
  const inputs = [...declared].map((n): ActionParam => {
    const f = e.allFields[n];
    const maxLength = f.type === 'text' || f.type === 'memo' ? f.maxLength : undefined;
    return { name: n, type: edmType(f), collection: false, nullable: true, ...(maxLength ? { maxLength } : {}), field: f };
  });
  return {
    name,
    kind: 'command',
    command: name,
    label: c.label,
    parameters: [...inputs, ...bodyParams(e, name, ctrl.bodies?.[name], declared)],
  };
}

const MEMO: ActionParam = { name: 'Memo', type: 'Edm.String', collection: false, nullable: true, maxLength: 500 };
const FLOW_ACTIONS: BoundAction[] = [
  {
    name: 'FlowSubmit',
    kind: 'flow',
    flow: 'submit',
    label: 'flow.action.submit',
    parameters: [
      { name: 'FlowId', type: 'Edm.Guid', collection: false, nullable: false },
      { name: 'ApproveList', type: APPROVE_STEP, collection: true, nullable: false },
    ],
  },
  { name: 'FlowApprove', kind: 'flow', flow: 'approve', label: 'flow.action.approve', parameters: [MEMO] },
  { name: 'FlowReject', kind: 'flow', flow: 'reject', label: 'flow.action.reject', parameters: [{ ...MEMO, nullable: false }] },
  { name: 'FlowVeto', kind: 'flow', flow: 'veto', label: 'flow.action.veto', parameters: [{ ...MEMO, nullable: false }] },
  { name: 'FlowRevoke', kind: 'flow', flow: 'revoke', label: 'flow.action.revoke', parameters: [] },
];

const cache = new Map<string, readonly BoundAction[]>();

/**
 * The bound actions of an entity (by logical name): its document's declared commands (a controlled
 * document only: the kernel runs them), then the approval actions when the document declares
 * `approval`. Empty for anything else. Stable order (declaration order).
 */
export function boundActions(e: EntityDef): readonly BoundAction[] {
  const hit = cache.get(e.logicalName);
  if (hit) return hit;
  const ctrl = documentControllers().find((c) => c.entity.logicalName === e.logicalName);
  const out: BoundAction[] = [];
  if (ctrl) for (const [name, c] of Object.entries(e.document?.commands ?? {})) out.push(commandAction(ctrl, name, c));
  if (flowDocument(e.logicalName)) out.push(...FLOW_ACTIONS);
  // Controllers are registered at start (a test's fixture too): cache only what a started portal serves.
  if (ctrl || !e.document?.commands) cache.set(e.logicalName, out);
  return out;
}

/** The controller and command (or approval action) behind an entity's bound action, for the route. */
export function findAction(e: EntityDef, name: string): { action: BoundAction; ctrl?: DocumentController } | undefined {
  const action = boundActions(e).find((a) => a.name === name);
  if (!action) return undefined;
  return {
    action,
    ctrl: action.kind === 'command' ? documentControllers().find((c) => c.entity.logicalName === e.logicalName) : undefined,
  };
}
