/**
 * THE list of the app's domains (docs/adding-a-domain.md): the router, the modal host, the store,
 * main.tsx and the route guard loop over it, so adding a domain adds one line here and nothing
 * else in src/app. Order matters where the app runs things in turn: listeners start and start-up
 * hooks run in this order (config's initial location before the species sync), and the member
 * collections sync in it. Features never import this file (the store and the app pass it in).
 */
import { aboutModule } from '../features/about';
import { adminModule } from '../features/admin';
import { adminPlacesModule } from '../features/admin-places';
import { adsModule } from '../features/ads';
import { authModule } from '../features/auth';
import { chatModule } from '../features/chat';
import { cmsModule } from '../features/cms';
import { commerceModule } from '../features/commerce';
import { configModule } from '../features/config';
import { ebooksModule } from '../features/ebooks';
import { fieldGuidesModule } from '../features/fieldguides';
import { groupsModule } from '../features/groups';
import { logbooksModule } from '../features/logbooks';
import { mapModule } from '../features/map';
import { mediaModule } from '../features/media';
import { newsfeedModule } from '../features/newsfeed';
import { menuModule } from '../features/menu';
import { observationsModule } from '../features/observations';
import { peopleModule } from '../features/people';
import { placesModule } from '../features/places';
import { profileModule } from '../features/profile';
import { shareModule } from '../features/share';
import { speciesModule } from '../features/species';
import { syncModule } from '../features/sync';
import { tripsModule } from '../features/trips';
import type { FeatureModule } from './featureModule';

export const APP_MODULES: readonly FeatureModule[] = [
  aboutModule,
  adminModule,
  adminPlacesModule,
  adsModule,
  authModule,
  cmsModule,
  commerceModule,
  configModule,
  mapModule,
  mediaModule,
  newsfeedModule,
  menuModule,
  observationsModule,
  tripsModule,
  placesModule,
  fieldGuidesModule,
  logbooksModule,
  profileModule,
  peopleModule,
  groupsModule,
  shareModule,
  speciesModule,
  syncModule,
  chatModule,
  ebooksModule,
];
