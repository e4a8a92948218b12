export * from './roles.js';
export * from './api.js';
export * from './auth.js';
