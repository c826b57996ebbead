export * from './auth';
export * from './profiles';
export * from './tasks';
export * from './messaging';
export * from './platform';
export * from './local-payments';
export * from './local-verification';
export * from './security';
