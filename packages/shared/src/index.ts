export * from './messages.js';
export * from './documents.js';
export * from './schemas/common.js';
