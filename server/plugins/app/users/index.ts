/** The users plugin (autoloaded by app.ts as this folder's index): `app.users`, see users-repository.ts. */
export { default } from './users-repository';
