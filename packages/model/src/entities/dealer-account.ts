import { date, defineEntity, int, label, lookup, money, optionSet, text } from '../define.ts';
import { accountMoveKind } from '../option-sets/dealer-account.ts';
import { CREDIT_UNITS } from './temp-credit.ts';

/*
 * A dealer's account with head office (往来账户, issue 28): its credit limit and its receivable
 * balance, kept by an append-only ledger of moves (docs/decisions.md "Dealer account ledger").
 * One account per account holder: a dealer for itself and its stores (server
 * domain/dealer-account/ledger.ts accountHolder). The balance and every move are the server's.
 */

const RO = { readOnly: true } as const;

/** The account: credit limit set by head-office finance; the balance is Σ moves (server-owned). */
export const dealerAccount = defineEntity({
  logicalName: 'new_dealeraccount',
  entitySet: 'new_dealeraccounts',
  label: label('往来账户', 'Dealer account'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'new_unit_id' },
  access: { read: 'sales.read', write: 'finance.manage', notCreatedHere: 'dealerAccount.opened' },
  // Head-office finance sets the credit limit here (every change logged: new_creditlimitlog); a dealer reads its own.
  screens: {
    list: {
      name: 'dealerAccountList',
      path: '/dealeraccount/list',
      title: 'menu.dealerAccount',
      allowImport: false,
      allowDelete: false,
      menu: { group: 'finance', order: 10, key: 'dealerAccount', label: 'menu.dealerAccount', units: CREDIT_UNITS },
    },
    edit: { name: 'dealerAccountEdit', path: '/dealeraccount/edit/:id', allowDelete: false },
  },
  fields: {
    new_name: text(label('经销商', 'Dealer'), { ...RO, searchable: true, maxLength: 160 }),
    new_unit_id: lookup('businessunit', label('经销商', 'Dealer'), { ...RO, unique: true }),
    new_creditlimit: money(label('信用额度', 'Credit limit'), { min: 0, max: 999999999 }),
    new_balance: money(label('应收余额', 'Receivable balance'), RO),
    new_seq: int(label('末笔序号', 'Last move'), RO),
  },
  checks: { limit: 'new_creditlimit IS NULL OR new_creditlimit >= 0' },
  views: {
    all: {
      label: label('全部往来账户', 'All dealer accounts'),
      columns: ['new_name', 'new_creditlimit', 'new_balance', 'modifiedon'],
      orderBy: [['new_name', 'asc']],
    },
  },
  forms: { main: [{ key: 'basic', label: label('往来账户', 'Dealer account'), fields: ['new_name', 'new_creditlimit', 'new_balance'] }] },
});

/**
 * One move of a dealer's account: signed amount (+ the dealer owes more), the balance after it,
 * the document behind it, its business date (China time; the statement's month) and a key unique
 * per move (a retried posting counts once). Appended by the server only, never changed.
 */
export const accountMove = defineEntity({
  logicalName: 'new_accountmove',
  entitySet: 'new_accountmoves',
  label: label('往来明细', 'Account move'),
  primaryName: 'new_name',
  scope: { kind: 'businessUnit', field: 'new_unit_id' },
  access: { read: 'sales.read', notCreatedHere: 'dealerAccount.movesByServer' },
  fields: {
    new_name: text(label('单据编号', 'Document number'), { ...RO, searchable: true, maxLength: 60 }),
    new_account_id: lookup('new_dealeraccount', label('往来账户', 'Dealer account'), { ...RO, indexed: true }),
    new_unit_id: lookup('businessunit', label('经销商', 'Dealer'), RO),
    new_kind: optionSet(accountMoveKind, undefined, RO),
    new_date: date(label('业务日期', 'Date'), RO),
    new_amount: money(label('金额', 'Amount'), RO),
    new_balanceafter: money(label('余额', 'Balance'), RO),
    new_docentity: text(label('单据类型', 'Document type'), { ...RO, maxLength: 60 }),
    new_docid: text(label('单据', 'Document'), { ...RO, maxLength: 36 }),
    new_remark: text(label('摘要', 'Remark'), { ...RO, maxLength: 200 }),
    new_seq: int(label('序号', 'Sequence'), RO),
    new_key: text(label('幂等键', 'Idempotency key'), { ...RO, secret: true, unique: true, maxLength: 120 }),
  },
  // (dealer, date, seq): a statement's month and its running balance; (dealer, seq): the next move.
  indexes: [['new_unit_id', 'new_date', 'new_seq'], ['new_unit_id', 'new_seq'], ['new_docid']],
  views: {
    all: {
      label: label('全部往来明细', 'All account moves'),
      columns: ['new_date', 'new_unit_id', 'new_kind', 'new_name', 'new_amount', 'new_balanceafter', 'new_remark'],
      orderBy: [['new_date', 'desc']],
    },
  },
  forms: {
    main: [
      {
        key: 'move',
        label: label('往来明细', 'Account move'),
        fields: ['new_unit_id', 'new_date', 'new_kind', 'new_name', 'new_amount', 'new_balanceafter', 'new_remark'],
      },
    ],
  },
});
