export * from './constants.js';
export * from './errors.js';
export * from './common.js';
export * from './accounts.js';
export * from './settings.js';
export * from './gs1.js';
export * from './catalogue.js';
export * from './cart.js';
