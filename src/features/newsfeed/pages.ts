/** The newsfeed pages in one chunk: they share the kept feed, the hooks and the item card. */
export { FeedItemPage } from './FeedItemPage';
export { HomePage, NewsfeedPage } from './FeedPage';
