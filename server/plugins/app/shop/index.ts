/**
 * The shop plugin (issue 19; docs/shop.md): decorates `app.shop` with the merchant products and
 * their upload slots. Logbooks are their own plugin (plugins/app/logbooks), which fulfilment calls
 * to grant what a product grants.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../../config';
import { Products } from './products';
import { ShopUploads } from './uploads';

export interface ShopService {
  products: Products;
  uploads: ShopUploads;
}

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopService;
  }
}

export default fp<{ config: ServerConfig }>(
  (app, options, done) => {
    app.decorate('shop', {
      products: new Products(app.db, app.clock),
      uploads: new ShopUploads(app.db, app.clock, options.config.dataDir),
    });
    done();
  },
  { name: 'shop', dependencies: ['db'], fastify: '5.x' },
);
