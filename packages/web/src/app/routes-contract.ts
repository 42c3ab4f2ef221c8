import type { RouteDef } from './routes.ts';

/**
 * Maintenance contracts (spec 001 §2, Contracts and amounts): the list is generic (kept); the
 * contract screen is the generic form with its lines, 生效 and 终止合同; a line's screens are the
 * generic form of the line, reached from the contract (its id in the path).
 */
export const CONTRACT_ROUTES: RouteDef[] = [
  {
    name: 'contractLineCreate',
    path: '/contractline/create/:contractid',
    layout: 'shell',
    permissions: ['workorder.write'],
    page: 'ContractLinePage',
  },
  {
    name: 'contractLineEdit',
    path: '/contractline/edit/:id/:contractid',
    layout: 'shell',
    permissions: ['workorder.read'],
    page: 'ContractLinePage',
  },
];
