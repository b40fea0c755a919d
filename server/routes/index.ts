/**
 * Every route plugin, registered under /api/v1.0 by app.ts. One folder per URL segment; each
 * declares full schemas from src/contract (body, query, params and every response code including
 * the failed envelope), so the OpenAPI document is the contract.
 */
import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/index';
import cms from './cms/index';
import collection from './collection/index';
import comment from './comment/index';
import health from './health/index';
import help from './help/index';
import languages from './languages/index';
import locations from './locations/index';
import login from './login/index';
import logout from './logout/index';
import mediaComments from './media/comments';
import media from './media/index';
import mediaPhotos from './media/photos';
import observations from './observations/index';
import oauth from './oauth/index';
import passwordReset from './password_reset/index';
import register from './register/index';
import speciesDistributionMap from './species/distribution-map';
import speciesImages from './species/images';
import speciesObservations from './species/observations';
import species from './species/index';
import speciesTargeted from './species_targeted/index';
import taxa from './taxa/index';
import trips from './trips/index';
import users from './users/index';
import userStats from './users/stats';
import verifyEmail from './verify_email/index';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(oauth);
  await app.register(login);
  await app.register(logout);
  await app.register(register);
  await app.register(verifyEmail);
  await app.register(passwordReset);
  await app.register(auth);
  await app.register(users);
  await app.register(locations);
  await app.register(languages);
  await app.register(taxa);
  await app.register(cms);
  await app.register(help);
  await app.register(collection);
  await app.register(species);
  await app.register(speciesTargeted);
  await app.register(speciesImages);
  await app.register(speciesDistributionMap);
  await app.register(media);
  await app.register(mediaPhotos);
  await app.register(mediaComments);
  await app.register(comment);
  await app.register(observations);
  await app.register(speciesObservations);
  await app.register(userStats);
  await app.register(trips);
};

export default routes;
