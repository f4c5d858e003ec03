export * from './people.table';
export * from './shell.table';
export * from './security.table';
