export * from './tickets';
export * from './ticket-entry.schema';
