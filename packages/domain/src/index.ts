export * from './messages';
export * from './routes';
export * from './password';
export * from './money';
export * from './dates';
export * from './api';
