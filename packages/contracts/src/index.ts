export * from './envelope.js';
export * from './permissions.js';
export * from './endpoint.js';
export * from './session.js';
export * from './socket.js';
export * from './fields.js';
export * from './logs.js';
