export * from './validation.js';
export * from './tiers.js';
export * from './features.js';
export * from './format.js';
export * from './error-codes.js';
export * from './api/common.js';
export * from './api/auth.js';
