import { defineEntity, label, lookup, memo, text } from '../define.ts';

/*
 * Contacts (联系人, issue 29): a person at a customer (new_endcustomer) a salesman or a dealer deals
 * with. Made by qualifying a lead (server domain/leads/qualify.ts) or by hand; a contact sits in its
 * customer's unit (the server's, from the customer), so whoever reaches the customer reaches its contacts.
 */

export const contact = defineEntity({
  logicalName: 'contact',
  entitySet: 'contacts',
  label: label('联系人', 'Contact'),
  pluralLabel: label('联系人', 'Contacts'),
  primaryName: 'fullname',
  scope: { kind: 'businessUnit', field: 'new_businessunit_id' },
  access: { read: 'sales.read', write: 'sales.write' },
  fields: {
    fullname: text(label('姓名', 'Name'), { required: true, searchable: true, maxLength: 60 }),
    mobilephone: text(label('手机号码', 'Mobile phone'), { required: true, pattern: 'phone', searchable: true, maxLength: 20 }),
    parentcustomerid: lookup('new_endcustomer', label('所属客户', 'Customer'), { required: true, indexed: true }),
    jobtitle: text(label('职务', 'Job title'), { maxLength: 60 }),
    emailaddress1: text(label('电子邮箱', 'Email'), { pattern: 'email', maxLength: 100 }),
    new_businessunit_id: lookup('businessunit', label('所属组织', 'Unit'), { readOnly: true, indexed: true }),
    description: memo(label('备注', 'Notes'), { maxLength: 500 }),
  },
  indexes: [['mobilephone']],
  views: {
    byDocument: {
      label: label('联系人', 'Contacts'),
      columns: ['fullname', 'mobilephone', 'jobtitle', 'parentcustomerid', 'emailaddress1', 'createdon'],
      orderBy: [['createdon', 'asc']],
    },
  },
  forms: {
    main: [
      {
        key: 'basic',
        label: label('联系人', 'Contact'),
        fields: ['fullname', 'mobilephone', 'parentcustomerid', 'jobtitle', 'emailaddress1', 'description'],
      },
    ],
  },
});
