/**
 * The shop plugin (issue 19; docs/shop.md): decorates `app.shop` with the merchant products and
 * their upload slots, carts, discount codes, orders and the configured payment provider (the
 * embedded TEST gateway unless PAYMENT_PROVIDER=stripe), and Google Play Billing for digital goods
 * in the Android app when PLAY_SERVICE_ACCOUNT_FILE is set (playBilling.ts). Logbooks are their own plugin
 * (plugins/app/logbooks), which registers with `orders.registerGranter` what a logbook product
 * grants on fulfilment.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../../config';
import { Carts } from './carts';
import { Discounts } from './discounts';
import { GooglePlayClient } from './googlePlay';
import { Orders } from './orders';
import { StripeCheckout, TestGateway, type PaymentProvider } from './payments';
import { PlayBilling } from './playBilling';
import { Products } from './products';
import { ShopUploads } from './uploads';

export interface ShopService {
  products: Products;
  uploads: ShopUploads;
  carts: Carts;
  discounts: Discounts;
  orders: Orders;
  provider: PaymentProvider;
  /** Google Play Billing for digital goods in the Android app; null when not configured. */
  playBilling: PlayBilling | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    shop: ShopService;
  }
}

export default fp<{ config: ServerConfig }>(
  (app, { config }, done) => {
    const discounts = new Discounts(app.db, app.clock);
    const stripe = config.shop.stripe;
    const orders = new Orders(app.db, app.clock, discounts);
    const play = config.shop.playBilling;
    app.decorate('shop', {
      products: new Products(app.db, app.clock),
      uploads: new ShopUploads(app.db, app.clock, config.dataDir),
      carts: new Carts(app.db, app.clock),
      discounts,
      orders,
      playBilling: play ? new PlayBilling(app.db, orders, new GooglePlayClient(play), app.log) : null,
      provider:
        config.shop.paymentProvider === 'stripe' && stripe ? new StripeCheckout(stripe) : new TestGateway(),
    });
    done();
  },
  { name: 'shop', dependencies: ['db'], fastify: '5.x' },
);
