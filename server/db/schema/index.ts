export * from './ngos';
export * from './users';
export * from './platform';
export * from './content';
export * from './marketing';
export * from './ai';
export * from './idempotency';
export * from './payments';
