/**
 * The embedded TEST payment gateway (PAYMENT_PROVIDER=test, the default; docs/shop.md "Payment
 * providers"). PUT commerce/payment sends the buyer here; the page is marked TEST everywhere and
 * takes the usual test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined,
 * 4000 0025 0000 3155 asks for a second step first. No money moves, so these routes answer 404
 * whenever another provider is configured. The order's random id is the key to its page (a browser
 * navigation carries no bearer token); only a pending order can be settled, once.
 */
import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { failedResponses } from '@contract/envelope';
import { messages } from '@contract/messages';
import { OrderParamsSchema, type Order } from '@contract/shop';
import { notFound } from '../../errors';
import { TEST_CARDS } from '../../plugins/app/shop/payments';
import { present } from '../../present';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>TEST payment – ${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}
.test{background:#b00020;color:#fff;padding:.75rem;font-weight:700;text-align:center;border-radius:4px}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td:last-child{text-align:right}
label{display:block;margin:1rem 0 .25rem}input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.6rem 1rem;margin:1rem .5rem 0 0}.error{color:#b00020}</style></head>
<body><p class="test" role="note">TEST PAYMENT GATEWAY – no real money is taken. Do not enter a real card.</p>
<main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

function orderTable(order: Order): string {
  const rows = order.items
    .map(
      (item) =>
        `<tr><td>${escape(item.name)} × ${item.quantity}</td><td>${money(item.line_total_minor, order.currency)}</td></tr>`,
    )
    .join('');
  const discount = order.discount_minor
    ? `<tr><td>Discount (${escape(order.discount_code ?? '')})</td><td>−${money(order.discount_minor, order.currency)}</td></tr>`
    : '';
  return `<table>${rows}${discount}<tr><td><strong>Total</strong></td><td><strong>${money(order.total_minor, order.currency)}</strong></td></tr></table>`;
}

function cardForm(order: Order, error?: string): string {
  const cards = Object.entries(TEST_CARDS)
    .map(([number, what]) => `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${what}</li>`)
    .join('');
  return page(
    'Pay for your order',
    `${orderTable(order)}<form method="post" action="${order.transaction_id}">
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<label for="card">Test card number</label><input id="card" name="card_number" inputmode="numeric" autocomplete="off" required>
<p>Test cards:</p><ul>${cards}</ul>
<button type="submit" name="action" value="pay">Pay ${money(order.total_minor, order.currency)} (TEST)</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form>`,
  );
}

const FormSchema = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 20 })),
  card_number: Type.Optional(Type.String({ maxLength: 40 })),
});

const testGateway: FastifyPluginCallbackTypebox = (app, _options, done) => {
  const html = { 200: Type.String({ description: 'An HTML page' }), ...failedResponses };
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** The pending order of this gateway, or 404 (another provider, unknown, or not this gateway's). */
  async function pendingOrder(id: string, reply: FastifyReply): Promise<Order | null> {
    if (app.shop.provider.name !== 'test') throw notFound();
    const order = await app.shop.orders.byId(id);
    if (!order || order.provider !== 'test') throw notFound(messages.orderNotFound);
    if (order.status === 'pending') return order;
    await reply.redirect(`/fulfilment/${order.transaction_id}/${fulfilmentStatus(order.status)}`, 303);
    return null;
  }

  async function settle(
    order: Order,
    outcome: 'paid' | 'failed' | 'cancelled',
    source: string,
    reply: FastifyReply,
  ) {
    const settled = await app.shop.orders.settle({
      orderId: order.transaction_id,
      reference: null,
      outcome,
      source,
    });
    return reply.redirect(
      `/fulfilment/${order.transaction_id}/${fulfilmentStatus(present(settled, `order ${order.transaction_id}`).status)}`,
      303,
    );
  }

  app.get(
    '/commerce/test_gateway/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'The TEST payment page of an order',
        params: OrderParamsSchema,
        response: html,
      },
    },
    async (request, reply) => {
      const order = await pendingOrder(request.params.id, reply);
      if (order) return reply.type('text/html; charset=utf-8').send(cardForm(order));
      return reply;
    },
  );

  app.post(
    '/commerce/test_gateway/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'Pay (or cancel) an order with a TEST card',
        params: OrderParamsSchema,
        body: FormSchema,
        response: html,
      },
    },
    async (request, reply) => {
      const order = await pendingOrder(request.params.id, reply);
      if (!order) return reply;
      if (request.body.action === 'cancel') return settle(order, 'cancelled', 'test:cancel', reply);
      if (request.body.action === 'fail') return settle(order, 'failed', 'test:second-step-failed', reply);
      if (request.body.action === 'authenticated')
        return settle(order, 'paid', 'test:4000002500003155', reply);
      const card = (request.body.card_number ?? '').replace(/[\s-]/g, '');
      const what = Object.hasOwn(TEST_CARDS, card) ? TEST_CARDS[card as keyof typeof TEST_CARDS] : undefined;
      if (what === 'succeeds') return settle(order, 'paid', `test:${card}`, reply);
      if (what === 'declined') return settle(order, 'failed', `test:${card}`, reply);
      if (what === 'second step') {
        return reply.type('text/html; charset=utf-8').send(
          page(
            'Confirm this payment',
            `<p>Your bank asks you to confirm this TEST payment.</p>${orderTable(order)}
<form method="post" action="${order.transaction_id}"><button type="submit" name="action" value="authenticated">Complete authentication</button>
<button type="submit" name="action" value="fail">Fail authentication</button></form>`,
          ),
        );
      }
      return reply
        .type('text/html; charset=utf-8')
        .send(cardForm(order, 'Use one of the test cards listed below.'));
    },
  );

  done();
};

/** The /fulfilment/{transaction_id}/{status} page for an order's status. */
export function fulfilmentStatus(status: Order['status']): 'success' | 'pending' | 'failed' | 'cancelled' {
  if (status === 'fulfilled' || status === 'paid' || status === 'partially_refunded') return 'success';
  if (status === 'pending') return 'pending';
  return status === 'cancelled' ? 'cancelled' : 'failed';
}

export default testGateway;
