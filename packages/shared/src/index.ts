export * from './constants.ts';
export * from './format.ts';
export * from './id-number.ts';
export * from './md5.ts';
export * from './messages.ts';
export * from './mobile.ts';
export * from './schemas.ts';
export * from './console.ts';
