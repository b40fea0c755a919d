/**
 * What other domains' lazily loaded pages may use of the profile domain: the photo picker that
 * uploads through the media pipeline (the group editor). The first route uses ./index.ts.
 */
export { AvatarField } from './AvatarField';
