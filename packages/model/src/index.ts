export * from './define.ts';
export * from './registry.ts';
export * from './patterns.ts';
export * from './messages/index.ts';
export * from './security/privileges.ts';
export * from './option-sets/organisation.ts';
export * from './locale.ts';
export * from './menu.ts';
