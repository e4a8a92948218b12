export * from './roles.js';
export * from './api.js';
export * from './auth.js';
export * from './organizations.js';
export * from './courses.js';
export * from './enrollments.js';
export * from './csv.js';
export * from './teams.js';
