import { msg, type EntityDef, type FieldDef, type Lang, type OptionSetDef } from '@portal/model';
import { ACTION_RESULT, boundActions, type ActionParam, type ComplexType } from './actions.ts';
import { NAMESPACE, webApiNames } from './names.ts';

// The Web API's $metadata (OData 4.0 CSDL XML), derived from the model: one schema in Dataverse's
// namespace, an entity type per entity set the caller may read, option sets as Int32 type
// definitions with their allowed values, lookups as the Web API names them (names.ts: a `_x_value`
// Guid and a single-valued navigation property), the bound actions of actions.ts and WhoAmI.

const ALIAS = 'mscrm';
const CONTAINER = 'System';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (a: Record<string, string | number | boolean | undefined>) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');
const description = (text: string) => `<Annotation Term="Core.Description" String="${esc(text)}"/>`;

type Facets = { Type: string; MaxLength?: number; Precision?: number; Scale?: number | 'variable' };

/** The CSDL type and facets of a field; option sets name their type definition. */
function fieldType(f: FieldDef, optionSetType: (os: OptionSetDef) => string): Facets {
  switch (f.type) {
    case 'text':
    case 'memo':
      return { Type: 'Edm.String', MaxLength: f.maxLength };
    case 'int':
      return { Type: 'Edm.Int32' };
    case 'decimal':
      // numeric(20, precision) in the database (db/schema.ts)
      return { Type: 'Edm.Decimal', Precision: 20, Scale: f.precision };
    case 'money':
      return { Type: 'Edm.Decimal', Precision: 18, Scale: 2 };
    case 'bool':
      return { Type: 'Edm.Boolean' };
    case 'datetime':
      return { Type: 'Edm.DateTimeOffset' };
    case 'date':
      return { Type: 'Edm.Date' };
    case 'optionset':
      return { Type: optionSetType(f.optionSet) };
    case 'lookup':
      return { Type: 'Edm.Guid' };
    case 'image':
      // The record service answers images as data URLs (text), never as a stream.
      return { Type: 'Edm.String' };
  }
}

/** Columns the database keeps NOT NULL for every entity (db/schema.ts): the only values never null. */
const NEVER_NULL = new Set(['createdon', 'modifiedon', 'statecode']);

/** The fields the Web API reads and writes: declared plus system fields, never a secret one. */
export const apiFields = (e: EntityDef) => Object.entries(e.allFields).filter(([, f]) => !f.secret);

/**
 * Option sets by the name of their type definition. Two different sets declared under one name
 * get `_2`, `_3`… so a property never names the wrong set.
 */
function optionSetNames(entities: readonly EntityDef[]) {
  const byDef = new Map<OptionSetDef, string>();
  const taken = new Set<string>();
  for (const e of entities)
    for (const [, f] of apiFields(e)) {
      if (f.type !== 'optionset' || byDef.has(f.optionSet)) continue;
      let name = f.optionSet.name;
      for (let i = 2; taken.has(name); i++) name = `${f.optionSet.name}_${i}`;
      taken.add(name);
      byDef.set(f.optionSet, name);
    }
  return byDef;
}

/** The CSDL of an action parameter: a model field's own type, else the catalogue's primitive or complex type. */
function paramType(p: ActionParam, optionSetType: (os: OptionSetDef) => string): Facets {
  if (p.field) return fieldType(p.field, optionSetType);
  const t = typeof p.type === 'string' ? p.type : `${ALIAS}.${p.type.name}`;
  const facets: Facets = { Type: p.collection ? `Collection(${t})` : t };
  if (p.maxLength !== undefined) facets.MaxLength = p.maxLength;
  // A number the body takes as it comes (no declared scale): any scale.
  if (t === 'Edm.Decimal') facets.Scale = 'variable';
  return facets;
}

function complexType(c: ComplexType): string {
  const props = c.properties.map((p) => {
    const scale = p.type === 'Edm.Decimal' ? 'variable' : undefined;
    return `<Property${attrs({ Name: p.name, Type: p.type, Nullable: p.nullable ? undefined : false, MaxLength: p.maxLength, Scale: scale })}/>`;
  });
  return `<ComplexType${attrs({ Name: c.name })}>${props.join('')}</ComplexType>`;
}

/** The CSDL document describing `entities` (those the caller may read, in registry order), labelled in `lang`. */
export function buildCsdl(entities: readonly EntityDef[], lang: Lang): string {
  const visible = new Map(entities.map((e) => [e.logicalName, e]));
  const sets = optionSetNames(entities);
  const optionType = (os: OptionSetDef) => `${ALIAS}.${sets.get(os)}`;
  const names = (e: EntityDef, field: string) => webApiNames(e, field, e.allFields[field]);
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="utf-8"?>');
  out.push('<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">');
  out.push(
    '<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml"><edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/></edmx:Reference>',
  );
  out.push(
    '<edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Validation.V1.xml"><edmx:Include Namespace="Org.OData.Validation.V1" Alias="Validation"/></edmx:Reference>',
  );
  out.push('<edmx:DataServices>');
  out.push(`<Schema${attrs({ Namespace: NAMESPACE, Alias: ALIAS })} xmlns="http://docs.oasis-open.org/odata/ns/edm">`);

  // Option sets: the API reads and writes their numbers (as Dataverse does), so each is an Int32
  // type definition whose allowed values carry the labels; an EnumType would make typed clients
  // expect member names.
  for (const [os, name] of sets) {
    out.push(`<TypeDefinition${attrs({ Name: name, UnderlyingType: 'Edm.Int32' })}>`);
    out.push(description(os.label[lang]));
    out.push('<Annotation Term="Validation.AllowedValues"><Collection>');
    for (const o of os.options)
      out.push(`<Record><PropertyValue Property="Value" Int="${o.value}"/>${description(o.label[lang])}</Record>`);
    out.push('</Collection></Annotation>');
    out.push('</TypeDefinition>');
  }

  for (const e of entities) {
    out.push(`<EntityType${attrs({ Name: e.logicalName })}>`);
    out.push(`<Key><PropertyRef${attrs({ Name: e.primaryKey })}/></Key>`);
    const navs: string[] = [];
    for (const [name, f] of apiFields(e)) {
      const computed = f.readOnly || f.computed ? '<Annotation Term="Core.Computed" Bool="true"/>' : '';
      if (name === e.primaryKey) {
        out.push(`<Property${attrs({ Name: name, Type: 'Edm.Guid', Nullable: false })}>${description(f.label[lang])}</Property>`);
        continue;
      }
      const n = names(e, name);
      const nullable = NEVER_NULL.has(name) ? false : undefined;
      out.push(
        `<Property${attrs({ Name: n.property, ...fieldType(f, optionType), Nullable: nullable })}>${description(f.label[lang])}${computed}</Property>`,
      );
      const target = f.type === 'lookup' ? visible.get(f.target) : undefined;
      // A lookup whose target the caller may not read (or the API does not serve) has no type here: only its id.
      if (target && n.navigation)
        navs.push(
          `<NavigationProperty${attrs({ Name: n.navigation, Type: `${ALIAS}.${target.logicalName}` })}><ReferentialConstraint${attrs({ Property: n.property, ReferencedProperty: target.primaryKey })}/></NavigationProperty>`,
        );
    }
    out.push(...navs);
    out.push(description(e.label[lang]));
    out.push('</EntityType>');
  }

  out.push('<ComplexType Name="WhoAmIResponse">');
  for (const p of ['BusinessUnitId', 'UserId', 'OrganizationId']) out.push(`<Property Name="${p}" Type="Edm.Guid" Nullable="false"/>`);
  out.push('</ComplexType>');
  out.push(`<Function Name="WhoAmI"><ReturnType Type="${ALIAS}.WhoAmIResponse" Nullable="false"/></Function>`);

  // Bound actions: overloads of one name (FlowSubmit, submit…) differ by their binding type, as CSDL allows.
  const complex = new Map<string, ComplexType>([[ACTION_RESULT.name, ACTION_RESULT]]);
  const actions: string[] = [];
  for (const e of entities)
    for (const a of boundActions(e)) {
      actions.push(`<Action${attrs({ Name: a.name, IsBound: true })}>`);
      // The binding type by its namespace, not the alias: odata2ts files bound operations under the
      // name as written and looks them up by the namespace-qualified one (an alias loses them all).
      actions.push(`<Parameter${attrs({ Name: 'entity', Type: `${NAMESPACE}.${e.logicalName}`, Nullable: false })}/>`);
      for (const p of a.parameters) {
        if (typeof p.type !== 'string') complex.set(p.type.name, p.type);
        actions.push(`<Parameter${attrs({ Name: p.name, ...paramType(p, optionType), Nullable: p.nullable ? undefined : false })}/>`);
      }
      actions.push(`<ReturnType${attrs({ Type: `${ALIAS}.${ACTION_RESULT.name}`, Nullable: false })}/>`);
      actions.push(description(msg(a.label, lang)));
      actions.push('</Action>');
    }
  for (const c of complex.values()) out.push(complexType(c));
  out.push(...actions);

  out.push(`<EntityContainer${attrs({ Name: CONTAINER })}>`);
  for (const e of entities) {
    out.push(`<EntitySet${attrs({ Name: e.entitySet, EntityType: `${ALIAS}.${e.logicalName}` })}>`);
    for (const [name, f] of apiFields(e)) {
      const target = f.type === 'lookup' && name !== e.primaryKey ? visible.get(f.target) : undefined;
      const nav = names(e, name).navigation;
      if (target && nav) out.push(`<NavigationPropertyBinding${attrs({ Path: nav, Target: target.entitySet })}/>`);
    }
    out.push('</EntitySet>');
  }
  out.push(`<FunctionImport${attrs({ Name: 'WhoAmI', Function: `${ALIAS}.WhoAmI` })}/>`);
  out.push('</EntityContainer>');
  out.push('</Schema>');
  out.push('</edmx:DataServices>');
  out.push('</edmx:Edmx>');
  return out.join('\n');
}
