/** The API contract: TypeBox schemas and their static types, shared by client and server. */
export * from './envelope';
export * from './auth';
export * from './users';
export * from './messages';
export * from './password';
export * from './permissions';
export * from './reference';
export * from './prefix';
export * from './sync';
export * from './text';
