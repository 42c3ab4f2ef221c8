import { defineEntity, label, lookup, optionSet, text } from '../define.ts';
import { businessUnitType } from '../option-sets/organisation.ts';

/** The organisation tree: head office → branches → stations and stores. Scopes follow it. */
export const businessUnit = defineEntity({
  logicalName: 'businessunit',
  entitySet: 'businessunits',
  label: label('业务部门', 'Business unit'),
  primaryName: 'name',
  scope: { kind: 'businessUnit', field: 'businessunitid' },
  // Head office's sales administrators (sales.target) pick the dealers of salesmen and dealer targets.
  access: { read: 'station.read', readAlso: ['sales.target'], write: 'user.manage' },
  noOwner: true,
  fields: {
    name: text(label('名称', 'Name'), { required: true, searchable: true }),
    new_code: text(label('编码', 'Code'), { maxLength: 40, unique: true, searchable: true }),
    parentbusinessunitid: lookup('businessunit', label('上级部门', 'Parent unit'), { indexed: true }),
    new_type: optionSet(businessUnitType, undefined, { required: true }),
  },
  views: {
    all: {
      label: label('全部部门', 'All units'),
      columns: ['name', 'new_code', 'new_type', 'parentbusinessunitid'],
      orderBy: [['new_code', 'asc']],
    },
  },
});
