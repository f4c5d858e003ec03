export * from './open-db';
export * from './hierarchy';
export * as schema from './schema/index';
export * from './schema/index';
export * from './seed/demo.seed';
export * from './throwaway-database';
export * from './seed/reference.seed';
export * from './raw-transaction';
