export * from './people.table';
export * from './shell.table';
export * from './security.table';
export * from './registers.table';
export * from './reference.table';
export * from './parametros.table';
export * from './files.table';
export * from './reconciliation.table';
