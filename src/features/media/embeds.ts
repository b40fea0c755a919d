/**
 * What other domains' lazily loaded code may use of the media domain: a photo's likes and comments
 * (the newsfeed item page). The first route uses ./index.ts.
 */
export { PhotoDiscussion } from './PhotoDiscussion';
