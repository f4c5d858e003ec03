export * from './tickets';
export * from './ticket-entry.schema';
export * from './ticket-trace';
export * from './tickets.resource';
