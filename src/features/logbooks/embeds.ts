/**
 * What other domains' lazily loaded pages may use of the logbooks domain: the way to the logbooks
 * just bought (the shop's fulfilment page). Never imported by the first route (it brings Dexie).
 */
export { BoughtLogbooks } from './BoughtLogbooks';
