/**
 * Merchant products (SPEC §7 "Logbooks, commerce, issues"; docs/shop.md):
 * - GET merchant/products: the products for sale; show_hidden=true adds hidden ones (admins only:
 *   like every admin call, a client token is refused 401 signInRequired, a member without the role 403);
 * - GET merchant/products/{id}: one product (a hidden one only for admins);
 * - POST merchant/products, PUT merchant/products/{id}: create or replace a product (admin; SPEC §6).
 * Guests browse the shop with a client token.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { canAccess } from '@contract/permissions';
import {
  ProductIdParamsSchema,
  ProductInputSchema,
  ProductQuerySchema,
  ProductResponseSchema,
  ProductsQuerySchema,
  ProductsResponseSchema,
  type ProductResponse,
  type ProductsResponse,
} from '@contract/shop';
import { forbidden, notFound } from '../../errors';
import { memberOf } from '../../plugins/app/auth/guard';
import { toProduct } from '../../plugins/app/shop/products';

const merchant: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const anyone = app.authorize({ allowClient: true });
  const admin = app.authorize({ role: 'admin' });
  const isAdmin = (request: FastifyRequest) =>
    request.principal?.kind === 'member' && canAccess(request.principal, { role: 'admin' });

  app.get(
    '/merchant/products',
    {
      schema: {
        tags: ['shop'],
        summary: 'Products for sale; show_hidden=true (admins) adds hidden ones',
        querystring: ProductsQuerySchema,
        response: { 200: ProductsResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<ProductsResponse> => {
      const showHidden = request.query.show_hidden === true;
      // memberOf answers a client token 401 (sign in first), as the guard does on admin-only routes.
      if (showHidden && !canAccess(memberOf(request), { role: 'admin' })) throw forbidden();
      const products = await app.shop.products.list({
        showHidden,
        ...(request.query.kind ? { kind: request.query.kind } : {}),
      });
      return { status: 'success', products };
    },
  );

  app.get(
    '/merchant/products/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'One product, whole (a hidden one only for admins)',
        params: ProductIdParamsSchema,
        querystring: ProductQuerySchema,
        response: { 200: ProductResponseSchema, ...failedResponses },
      },
      preHandler: anyone,
    },
    async (request): Promise<ProductResponse> => {
      const row = await app.shop.products.byId(request.params.id);
      if (!row || (row.hidden && !isAdmin(request))) throw notFound(messages.productNotFound);
      return { status: 'success', product: toProduct(row) };
    },
  );

  app.post(
    '/merchant/products',
    {
      schema: {
        tags: ['shop'],
        summary: 'Create a product (admin)',
        body: ProductInputSchema,
        response: { 200: ProductResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ProductResponse> => ({
      status: 'success',
      product: await app.shop.products.create(request.body),
    }),
  );

  app.put(
    '/merchant/products/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'Replace a product (admin): name, price, images, hidden, stock, …',
        params: ProductIdParamsSchema,
        body: ProductInputSchema,
        response: { 200: ProductResponseSchema, ...failedResponses },
      },
      preHandler: admin,
    },
    async (request): Promise<ProductResponse> => {
      const product = await app.shop.products.update(request.params.id, request.body);
      if (!product) throw notFound(messages.productNotFound);
      return { status: 'success', product };
    },
  );

  done();
};

export default merchant;
