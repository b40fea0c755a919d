/**
 * What other domains' lazily loaded pages may use of the newsfeed domain: a member's or a group's
 * feed as a section of their page (the profile, a group's page); its words are in ./texts.ts. The
 * first route uses ./index.ts.
 */
export { FeedSection, type FeedSectionProps } from './FeedSection';
