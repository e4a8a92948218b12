export * from './users.js';
export * from './sessions.js';
export * from './organizations.js';
export * from './csv-uploads.js';
export * from './teams.js';
export * from './analytics.js';
export * from './notifications.js';
export * from './email.js';
