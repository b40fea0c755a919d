// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../../app/labels';
import { messages } from '@contract/messages';
import type { Cart, MerchantOrder, Order, Product } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import { AppRoutes } from '../../app/router';
import { networkActions } from '../../app/networkSlice';
import { sessionActions } from '../../app/sessionSlice';
import { aLoginResponse, signedInState } from '../../test/factories';
import { fakeNetwork, type FakeNetwork, type SentRequest } from '../../test/fakeNetwork';
import { renderApp } from '../../test/renderApp';
import { lineOf, loadCart, saveCart, saveCheckout } from './cartStore';
import { handOver } from './PaymentPage';
import { present } from '../../test/present';

const exactly = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };

const signedIn = (roles: string[] = ['member']) => signedInState({ roles }, 'wren@example.org');

function aProduct(id: string, name: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    description: `About ${name}.`,
    images: [],
    price_minor: 1500,
    currency: 'USD',
    kind: 'logbook',
    grants: { logbook: { location_id: 'ZAF', classification: 'mammals-larger' } },
    hidden: false,
    stock: null,
    file: null,
    created_at: '2026-11-28T00:00:00.000Z',
    updated_at: '2026-11-28T00:00:00.000Z',
    ...extra,
  };
}

const mammals = aProduct('0190a0a0-0000-7000-8000-000000000001', 'Mammals of South Africa');
const birds = aProduct('0190a0a0-0000-7000-8000-000000000002', 'Birds of the United States', {
  price_minor: 2000,
});

/** The server's pricing of the given lines: its own prices, whatever the client sent. */
function pricedCart(items: Array<{ product_id: string; quantity: number }>): Cart {
  const lines = items.map((item) => {
    const product = present(
      [mammals, birds].find((p) => p.id === item.product_id),
      `the product ${item.product_id}`,
    );
    return {
      product_id: product.id,
      name: product.name,
      kind: product.kind,
      quantity: item.quantity,
      unit_price_minor: product.price_minor,
      line_total_minor: product.price_minor * item.quantity,
      currency: product.currency,
      available: true,
    };
  });
  return {
    id: 'u-1',
    items: lines,
    currency: 'USD',
    subtotal_minor: lines.reduce((sum, line) => sum + line.line_total_minor, 0),
  };
}

function shopNetwork(): FakeNetwork {
  const network = fakeNetwork();
  network.on('GET', 'merchant/products', { body: { status: 'success', products: [mammals, birds] } });
  network.on('PUT', 'commerce/u-1/cart', (request) => ({
    body: {
      status: 'success',
      cart: pricedCart((request.body as { items: Array<{ product_id: string; quantity: number }> }).items),
    },
  }));
  return network;
}

const sentTo = (sent: SentRequest[], method: string, path: string) =>
  sent.filter((request) => request.method === method && request.path.split('?')[0] === path);

beforeAll(async () => {
  await import('./pages'); // lazy pages: compile them once, outside the tests' waits
});

beforeEach(async () => {
  await saveCart({ guest_id: 'guest0123456789abcdef', lines: [] });
  await saveCheckout(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the merchant pages need role admin', () => {
  it.each(['/merchant-products', '/merchant-product/new'])(
    '%s refuses a member and a guest',
    async (route) => {
      for (const preloadedState of [signedIn(['member']), {}]) {
        const rendered = renderApp(<AppRoutes />, { route, preloadedState });
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => alert.textContent.includes(messages.notAuthorised))).toBe(true);
        expect(screen.queryByRole('button', { name: texts.save })).toBeNull();
        expect(rendered.network.sent.filter((request) => request.path !== 'oauth/token')).toEqual([]);
        cleanup();
      }
    },
  );
});

describe('the shop and the cart', () => {
  it('lets a guest put products in the cart, and edit it offline with totals checked at checkout', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/products', network: shopNetwork() });
    const add = await screen.findByRole('button', { name: `${texts.addToCart}: ${mammals.name}` });
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: `${texts.addToCart}: ${birds.name}` }));
    await waitFor(async () => {
      expect((await loadCart()).lines).toHaveLength(2);
    });
    cleanup();

    renderApp(<AppRoutes />, { route: '/cart', preloadedState: {} });
    const cart = await screen.findByRole('list', { name: labels.cart });
    expect(within(cart).getByRole('link', { name: mammals.name })).toBeTruthy();
    expect(screen.getByText(texts.checkedAtCheckout)).toBeTruthy();
    expect(screen.getByText(`${texts.subtotal}: $35.00`)).toBeTruthy();
    store.dispatch(networkActions.wentOffline());
    fireEvent.change(screen.getByRole('spinbutton', { name: `Quantity of ${mammals.name}` }), {
      target: { value: '3' },
    });
    expect(await screen.findByText(`${texts.subtotal}: $65.00`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Remove ${birds.name}` }));
    expect(await screen.findByText(`${texts.subtotal}: $45.00`)).toBeTruthy();
    expect((await loadCart()).lines).toEqual([{ ...lineOf(mammals, 3) }]);
  });

  it("shows a member's orders under the products, each opening its page; a guest sees none", async () => {
    const network = shopNetwork();
    const order = (id: string, status: Order['status'], created_at: string): Order => ({
      transaction_id: id,
      user_id: 'u-1',
      status,
      items: pricedCart([{ product_id: birds.id, quantity: 1 }]).items,
      currency: 'USD',
      subtotal_minor: 2000,
      discount_code: null,
      discount_minor: 0,
      total_minor: 2000,
      provider: 'test',
      created_at,
      updated_at: created_at,
      refunded_minor: 0,
      refunds: [],
    });
    network.on('GET', 'commerce/orders', {
      body: {
        status: 'success',
        orders: [
          order('0190a0a0-0000-7000-8000-0000000000d2', 'refunded', '2026-11-27T10:00:00.000Z'),
          order('0190a0a0-0000-7000-8000-0000000000d1', 'failed', '2026-11-26T10:00:00.000Z'),
        ],
      },
    });
    renderApp(<AppRoutes />, { route: '/products', preloadedState: signedIn(), network });
    const list = await screen.findByRole('list', { name: texts.yourOrders });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(`${birds.name} · $20.00 · ${texts.statusRefunded}`),
      expect.stringContaining(texts.statusFailed),
    ]);
    expect(within(present(items[1], 'a second item')).getByRole('link').getAttribute('href')).toBe(
      '/fulfilment/0190a0a0-0000-7000-8000-0000000000d1/failed',
    );
    cleanup();

    const guest = renderApp(<AppRoutes />, { route: '/products', network: shopNetwork() });
    await screen.findByRole('list', { name: labels.products });
    expect(screen.queryByRole('heading', { name: texts.yourOrders })).toBeNull();
    expect(sentTo(guest.network.sent, 'GET', 'commerce/orders')).toEqual([]);
  });

  it('shows the products page offline with SPEC’s message', async () => {
    const { store } = renderApp(<AppRoutes />, { route: '/products' });
    store.dispatch(networkActions.wentOffline());
    expect(await screen.findByText(new RegExp(messages.offline.replace('.', '\\.')), exactly)).toBeTruthy();
  });
});

describe('checkout and payment', () => {
  it.each(['/checkout', '/payment'])('%s needs the network and says so', async (route) => {
    const { store } = renderApp(<AppRoutes />, { route, preloadedState: signedIn() });
    store.dispatch(networkActions.wentOffline());
    expect(await screen.findByText(messages.offline, exactly)).toBeTruthy();
  });

  it('asks a guest to sign in, keeping the cart', async () => {
    await saveCart({ guest_id: 'guest0123456789abcdef', lines: [lineOf(mammals, 1)] });
    renderApp(<AppRoutes />, { route: '/checkout' });
    const prompt = present(
      (await screen.findByText(texts.signInToCheckout)).closest<HTMLElement>('[role="alert"]'),
      'the sign-in alert',
    );
    fireEvent.click(within(prompt).getByRole('button', { name: messages.signIn }));
    expect(await screen.findByRole('dialog', { name: messages.signInTitle })).toBeTruthy();
    expect((await loadCart()).lines).toHaveLength(1);
  });

  it('prices the cart on the server, applies a code, and hands over to the provider without prices', async () => {
    // The device remembers an old price; the server's is what the page shows.
    await saveCart({
      guest_id: 'guest0123456789abcdef',
      lines: [{ ...lineOf(mammals, 2), unit_price_minor: 1 }],
    });
    const network = shopNetwork();
    network.on('POST', 'commerce/discount_code', (request) =>
      (request.body as { discount_code: string }).discount_code === 'WINTER10'
        ? {
            body: {
              status: 'success',
              discount: { code: 'WINTER10', type: 'percent', value: 10, currency: null },
              discount_minor: 300,
            },
          }
        : { status: 400, body: { status: 'failed', reason: 'There is no such discount code.' } },
    );
    const order: Order = {
      transaction_id: '0190a0a0-0000-7000-8000-0000000000aa',
      user_id: 'u-1',
      status: 'pending',
      items: pricedCart([{ product_id: mammals.id, quantity: 2 }]).items,
      currency: 'USD',
      subtotal_minor: 3000,
      discount_code: 'WINTER10',
      discount_minor: 300,
      total_minor: 2700,
      provider: 'test',
      created_at: '2026-11-28T00:00:00.000Z',
      updated_at: '2026-11-28T00:00:00.000Z',
      refunded_minor: 0,
      refunds: [],
    };
    network.on('PUT', 'commerce/payment', {
      body: {
        status: 'success',
        order,
        redirect_url: `/api/v1.0/commerce/test_gateway/${order.transaction_id}`,
      },
    });
    const leave = vi.spyOn(handOver, 'to').mockImplementation(() => undefined);
    renderApp(<AppRoutes />, { route: '/checkout', preloadedState: signedIn(), network });

    expect(await screen.findByText('$30.00', { selector: '[data-testid="order-total"]' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: texts.discountCode }), {
      target: { value: 'nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: texts.applyDiscount }));
    expect(await screen.findByText('There is no such discount code.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: texts.removeDiscount }));
    fireEvent.change(screen.getByRole('textbox', { name: texts.discountCode }), {
      target: { value: 'winter10' },
    });
    fireEvent.click(screen.getByRole('button', { name: texts.applyDiscount }));
    expect(await screen.findByText('WINTER10: −$3.00')).toBeTruthy();
    expect(await screen.findByText('$27.00', { selector: '[data-testid="order-total"]' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: texts.toPayment }));
    expect(await screen.findByText(texts.nameRequired)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: texts.fieldName }), {
      target: { value: 'Wren Whimbrel' },
    });
    fireEvent.click(screen.getByRole('button', { name: texts.toPayment }));

    const pay = await screen.findByRole('button', { name: 'Pay $27.00' });
    fireEvent.click(pay);
    await waitFor(() => {
      expect(sentTo(network.sent, 'PUT', 'commerce/payment')).toHaveLength(1);
    });
    // The provider's page is the server's (TEST gateway here), resolved against the API's address.
    await waitFor(() => {
      expect(leave).toHaveBeenCalledTimes(1);
    });
    expect(new URL(present(leave.mock.calls[0], 'a hand-over')[0]).pathname).toBe(
      `/api/v1.0/commerce/test_gateway/${order.transaction_id}`,
    );
    const [sent] = sentTo(network.sent, 'PUT', 'commerce/payment');
    expect(present(sent, 'the payment request').body).toEqual({
      cart: [{ product_id: mammals.id, quantity: 2 }],
      contact: { name: 'Wren Whimbrel', email: 'wren@example.org' },
      billing: {},
      payment: {},
      discount: 'WINTER10',
    });
  });
});

describe('the fulfilment page', () => {
  const anOrder = (status: Order['status']): Order => ({
    transaction_id: '0190a0a0-0000-7000-8000-0000000000bb',
    user_id: 'u-1',
    status,
    items: pricedCart([{ product_id: mammals.id, quantity: 1 }]).items,
    currency: 'USD',
    subtotal_minor: 1500,
    discount_code: null,
    discount_minor: 0,
    total_minor: 1500,
    provider: 'test',
    created_at: '2026-11-28T00:00:00.000Z',
    updated_at: '2026-11-28T00:00:00.000Z',
    refunded_minor: 0,
    refunds: [],
  });

  function orderNetwork(status: Order['status']) {
    const network = shopNetwork();
    network.on('GET', `commerce/orders/${anOrder(status).transaction_id}`, {
      body: { status: 'success', order: anOrder(status) },
    });
    const logbook = {
      product_id: mammals.id,
      name: mammals.name,
      description: mammals.description,
      images: [],
      location_id: 'ZAF',
      classification: 'mammals-larger',
      species_total: 0,
      user_logbook_id: 'ul-1',
      user_id: present(signedIn().session.user).user_id,
      activation_code: null,
      seen: 0,
    };
    network.on('GET', 'logbooks/owned', { body: { status: 'success', logbooks: [logbook] } });
    network.on('GET', `logbooks/download/${mammals.id}`, {
      body: { status: 'success', logbook, species: [], ticks: [] },
    });
    return network;
  }

  it('after a declined card says nothing was charged, offers a way back, and keeps the cart', async () => {
    await saveCart({ guest_id: 'guest0123456789abcdef', lines: [lineOf(mammals, 1), lineOf(birds, 1)] });
    const id = anOrder('failed').transaction_id;
    renderApp(<AppRoutes />, {
      route: `/fulfilment/${id}/failed`,
      preloadedState: signedIn(),
      network: orderNetwork('failed'),
    });
    expect(await screen.findByRole('heading', { name: texts.failedHeading })).toBeTruthy();
    expect(screen.getByText(texts.failedNext)).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.tryAgain }).getAttribute('href')).toBe('/payment');
    expect(screen.getByRole('link', { name: texts.backToCart }).getAttribute('href')).toBe('/cart');
    await screen.findByRole('table', { name: labels.order });
    expect((await loadCart()).lines).toHaveLength(2);
  });

  it('after payment takes what was bought out of the device cart and points to the logbooks', async () => {
    await saveCart({ guest_id: 'guest0123456789abcdef', lines: [lineOf(mammals, 1), lineOf(birds, 1)] });
    const id = anOrder('fulfilled').transaction_id;
    renderApp(<AppRoutes />, {
      route: `/fulfilment/${id}/success`,
      preloadedState: signedIn(),
      network: orderNetwork('fulfilled'),
    });
    expect(await screen.findByRole('heading', { name: texts.successHeading })).toBeTruthy();
    // The bought logbook is put on the device first, so the /logbooks guard lets the member in.
    const open = await screen.findByRole('link', { name: `Open ${mammals.name}` });
    expect(open.getAttribute('href')).toBe(`/logbook/${mammals.id}`);
    await waitFor(async () => {
      expect((await loadCart()).lines.map((line) => line.name)).toEqual([birds.name]);
    });
  });

  it('believes the order over the address: a success page of a pending order says pending', async () => {
    const id = anOrder('pending').transaction_id;
    renderApp(<AppRoutes />, {
      route: `/fulfilment/${id}/success`,
      preloadedState: signedIn(),
      network: orderNetwork('pending'),
    });
    expect(await screen.findByRole('heading', { name: texts.pendingHeading })).toBeTruthy();
  });

  it.each([
    ['cancelled', texts.cancelledHeading],
    ['pending', texts.pendingHeading],
  ])('has a page for %s with a way back', async (status, heading) => {
    renderApp(<AppRoutes />, { route: `/fulfilment/x/${status}` });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: texts.backToShop })).toBeTruthy();
  });
});

describe('refunds', () => {
  const REFUND_ID = '0190a0a0-0000-7000-8000-0000000000f1';
  // 1 × mammals (15.00) and 2 × birds (20.00 each), 10 % off: 55.00 − 5.50 = 49.50; one bird refunded.
  const lines = pricedCart([
    { product_id: mammals.id, quantity: 1 },
    { product_id: birds.id, quantity: 2 },
  ]).items;
  const firstRefund = {
    refund_id: '0190a0a0-0000-7000-8000-0000000000f0',
    amount_minor: 1800,
    lines: [{ product_id: birds.id, name: birds.name, quantity: 1, amount_minor: 1800 }],
    created_at: '2026-11-28T12:00:00.000Z',
  };
  const order: Order = {
    transaction_id: '0190a0a0-0000-7000-8000-0000000000ee',
    user_id: 'u-1',
    status: 'partially_refunded',
    items: lines,
    currency: 'USD',
    subtotal_minor: 5500,
    discount_code: 'TEN',
    discount_minor: 550,
    total_minor: 4950,
    provider: 'test',
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-28T12:00:00.000Z',
    refunded_minor: 1800,
    refunds: [firstRefund],
  };
  const merchantOrder: MerchantOrder = {
    ...order,
    contact: { name: 'Wren Whimbrel', email: 'wren@example.org' },
    events: [],
    refunds: [
      { ...firstRefund, admin_id: 'a-1', admin_name: 'Ada', reference: 'test-refund:1', state: 'succeeded' },
    ],
  };

  it('lets the admin pick lines and quantities, shows the amount and the refunds made, and sends no amount', async () => {
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(REFUND_ID);
    const network = shopNetwork();
    network.on('GET', 'merchant/orders', { body: { status: 'success', orders: [merchantOrder], total: 1 } });
    network.on('POST', `merchant/orders/${order.transaction_id}/refund`, {
      body: { status: 'success', order: merchantOrder },
    });
    renderApp(<AppRoutes />, {
      route: '/merchant-products?tab=orders',
      preloadedState: signedIn(['admin']),
      network,
    });
    const made = await screen.findByRole('list', { name: texts.refundsMade });
    expect(made.textContent).toContain(`$18.00 back by Ada (1 × ${birds.name})`);
    expect(screen.getByText(texts.statusPartiallyRefunded)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Refund order of/ }));
    const dialog = await screen.findByRole('dialog');
    const birdsField = within(dialog).getByRole('spinbutton', {
      name: `${birds.name}: how many to refund (1 left of 2)`,
    });
    const mammalsField = within(dialog).getByRole('spinbutton', {
      name: `${mammals.name}: how many to refund (1 left of 1)`,
    });
    // All that is left at first: 49.50 − 18.00.
    expect(within(dialog).getByRole('button', { name: `${texts.refund} $31.50` })).toBeTruthy();
    fireEvent.change(mammalsField, { target: { value: '0' } });
    fireEvent.change(birdsField, { target: { value: '5' } }); // more than is left: capped
    expect((birdsField as HTMLInputElement).value).toBe('1');
    fireEvent.click(within(dialog).getByRole('button', { name: `${texts.refund} $18.00` }));
    await waitFor(() => {
      expect(sentTo(network.sent, 'POST', `merchant/orders/${order.transaction_id}/refund`)).toHaveLength(1);
    });
    expect(
      present(
        sentTo(network.sent, 'POST', `merchant/orders/${order.transaction_id}/refund`)[0],
        'the refund request',
      ).body,
    ).toEqual({
      refund_id: REFUND_ID,
      lines: [{ product_id: birds.id, quantity: 1 }],
    });
  });

  it('asks for at least one item', async () => {
    const network = shopNetwork();
    network.on('GET', 'merchant/orders', { body: { status: 'success', orders: [merchantOrder], total: 1 } });
    renderApp(<AppRoutes />, {
      route: '/merchant-products?tab=orders',
      preloadedState: signedIn(['admin']),
      network,
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Refund order of/ }));
    const dialog = await screen.findByRole('dialog');
    for (const field of within(dialog).getAllByRole('spinbutton'))
      fireEvent.change(field, { target: { value: '0' } });
    expect(within(dialog).getByText(texts.refundNothingChosen)).toBeTruthy();
    expect(
      within(dialog).getByRole<HTMLButtonElement>('button', { name: `${texts.refund} $0.00` }).disabled,
    ).toBe(true);
  });

  it("shows the member what was refunded on the order's page and in their orders", async () => {
    const network = shopNetwork();
    network.on('GET', `commerce/orders/${order.transaction_id}`, { body: { status: 'success', order } });
    network.on('GET', 'commerce/orders', { body: { status: 'success', orders: [order] } });
    network.on('GET', 'logbooks/owned', { body: { status: 'success', logbooks: [] } });
    renderApp(<AppRoutes />, {
      route: `/fulfilment/${order.transaction_id}/success`,
      preloadedState: signedIn(),
      network,
    });
    const heading = await screen.findByRole('heading', { name: texts.refundsMade });
    expect(present(heading.parentElement, "the heading's section").textContent).toContain(
      `$18.00 back (1 × ${birds.name})`,
    );
    cleanup();
    renderApp(<AppRoutes />, { route: '/products', preloadedState: signedIn(), network });
    const list = await screen.findByRole('list', { name: texts.yourOrders });
    expect(list.textContent).toContain(`${texts.statusPartiallyRefunded} ($18.00 refunded)`);
  });
});

describe('the merchant product editor', () => {
  it('names what is wrong, then creates the product with its price in minor units', async () => {
    const network = fakeNetwork();
    const created = aProduct('0190a0a0-0000-7000-8000-0000000000cc', 'Birds of Kenya', {
      price_minor: 1250,
      hidden: true,
    });
    network.on('POST', 'merchant/products', { body: { status: 'success', product: created } });
    network.on('GET', `merchant/products/${created.id}`, { body: { status: 'success', product: created } });
    renderApp(<AppRoutes />, {
      route: '/merchant-product/new',
      preloadedState: signedIn(['admin']),
      network,
    });
    fireEvent.click(await screen.findByRole('button', { name: texts.save }));
    expect(await screen.findByText(texts.nameNeeded)).toBeTruthy();
    expect(sentTo(network.sent, 'POST', 'merchant/products')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: texts.fieldProductName }), {
      target: { value: 'Birds of Kenya' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: texts.fieldPrice }), { target: { value: '12.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: texts.fieldLocation }), {
      target: { value: 'KEN' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: texts.fieldClassification }), {
      target: { value: 'birds-ioc' },
    });
    expect(await screen.findByRole('region', { name: texts.preview })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => {
      expect(sentTo(network.sent, 'POST', 'merchant/products')).toHaveLength(1);
    });
    expect(
      present(sentTo(network.sent, 'POST', 'merchant/products')[0], 'the product request').body,
    ).toMatchObject({
      name: 'Birds of Kenya',
      price_minor: 1250,
      currency: 'USD',
      kind: 'logbook',
      grants: { logbook: { location_id: 'KEN', classification: 'birds-ioc' } },
      hidden: true,
      stock: null,
    });
    expect(await screen.findByRole('heading', { name: 'Birds of Kenya', level: 1 })).toBeTruthy();
  });
});

describe('signing in and out', () => {
  it('keeps a guest’s cart at sign-in by merging it into the member’s, and empties the device at sign-out', async () => {
    await saveCart({ guest_id: 'guest0123456789abcdef', lines: [lineOf(mammals, 1)] });
    const network = fakeNetwork();
    network.on('PUT', 'commerce/guest0123456789abcdef/cart', (request) => ({
      body: { status: 'success', cart: pricedCart((request.body as { items: [] }).items) },
    }));
    // What the member left in the cart on another device.
    network.on('GET', 'commerce/u-1/cart', {
      body: { status: 'success', cart: pricedCart([{ product_id: birds.id, quantity: 1 }]) },
    });
    network.on('PUT', 'commerce/u-1/cart', {
      body: {
        status: 'success',
        cart: pricedCart([
          { product_id: birds.id, quantity: 1 },
          { product_id: mammals.id, quantity: 1 },
        ]),
      },
    });
    const { store } = renderApp(<AppRoutes />, { route: '/cart', network });
    expect(await screen.findByRole('link', { name: mammals.name })).toBeTruthy();
    store.dispatch(
      sessionActions.loggedIn({ response: aLoginResponse(), username: 'wren@example.org', method: 'basic' }),
    );
    expect(await screen.findByRole('link', { name: birds.name })).toBeTruthy();
    expect(screen.getByRole('link', { name: mammals.name })).toBeTruthy();
    const merged = sentTo(network.sent, 'PUT', 'commerce/u-1/cart');
    expect(present(merged.at(-1), 'a merged cart').body).toEqual({
      items: [{ product_id: birds.id, quantity: 1 }],
      merge_from: 'guest0123456789abcdef',
    });
    expect((await loadCart()).guest_id).not.toBe('guest0123456789abcdef');

    store.dispatch(sessionActions.loggedOut());
    expect(await screen.findByText(texts.cartEmpty)).toBeTruthy();
  });
});

describe('signing in at checkout', () => {
  it('does not count the guest’s lines twice when the page prices the cart during the merge', async () => {
    await saveCart({ guest_id: 'guest0123456789abcdef', lines: [lineOf(mammals, 1)] });
    // A small stand-in of the server's carts: PUT replaces, merge_from adds the guest cart and empties it.
    const carts = new Map<string, Array<{ product_id: string; quantity: number }>>();
    const network = fakeNetwork();
    const answer = (id: string) => ({ body: { status: 'success', cart: pricedCart(carts.get(id) ?? []) } });
    for (const id of ['u-1', 'guest0123456789abcdef']) {
      network.on('GET', `commerce/${id}/cart`, () => answer(id));
      network.on('PUT', `commerce/${id}/cart`, (request) => {
        const body = request.body as {
          items: Array<{ product_id: string; quantity: number }>;
          merge_from?: string;
        };
        const merged = [...body.items, ...(body.merge_from ? (carts.get(body.merge_from) ?? []) : [])];
        if (body.merge_from) carts.delete(body.merge_from);
        const byProduct = new Map<string, number>();
        for (const line of merged)
          byProduct.set(line.product_id, (byProduct.get(line.product_id) ?? 0) + line.quantity);
        carts.set(
          id,
          [...byProduct].map(([product_id, quantity]) => ({ product_id, quantity })),
        );
        return answer(id);
      });
    }
    const { store } = renderApp(<AppRoutes />, { route: '/checkout', network });
    expect(await screen.findByText(texts.signInToCheckout)).toBeTruthy();
    store.dispatch(
      sessionActions.loggedIn({ response: aLoginResponse(), username: 'wren@example.org', method: 'basic' }),
    );
    expect(await screen.findByText('$15.00', { selector: '[data-testid="order-total"]' })).toBeTruthy();
    await waitFor(async () => {
      expect((await loadCart()).guest_id).not.toBe('guest0123456789abcdef');
    });
    expect((await loadCart()).lines.map((line) => line.quantity)).toEqual([1]);
    expect(carts.get('u-1')).toEqual([{ product_id: mammals.id, quantity: 1 }]);
  });
});

describe('/payment in the store apps (issue 20)', () => {
  const draft = {
    contact: { name: 'Wren Whimbrel', email: 'wren@example.org' },
    billing: { address: '', city: '', postal_code: '', country: '' },
    discount: null,
  };
  const playOrder = (status: Order['status']): Order => ({
    transaction_id: '0190a0a0-0000-7000-8000-0000000000cc',
    user_id: 'u-1',
    status,
    items: pricedCart([{ product_id: mammals.id, quantity: 1 }]).items,
    currency: 'USD',
    subtotal_minor: 1500,
    discount_code: null,
    discount_minor: 0,
    total_minor: 1500,
    provider: 'play',
    created_at: '2026-11-28T00:00:00.000Z',
    updated_at: '2026-11-28T00:00:00.000Z',
    refunded_minor: 0,
    refunds: [],
  });
  const sku = `fm_${mammals.id.replace(/-/g, '_')}`;

  /** Chrome's Digital Goods API and Payment Request in a TWA (third-party browser APIs, stubbed). */
  function stubPlay(outcome: 'paid' | 'closed') {
    const shown: unknown[] = [];
    const getDigitalGoodsService = vi.fn((method: string) => {
      expect(method).toBe('https://play.google.com/billing');
      return Promise.resolve({
        getDetails: (ids: string[]) =>
          Promise.resolve(
            ids.map((itemId) => ({ itemId, title: 'Mammals', price: { currency: 'USD', value: '14.99' } })),
          ),
      });
    });
    const complete = vi.fn(() => Promise.resolve());
    class StubPaymentRequest {
      constructor(methods: unknown, details: unknown) {
        shown.push({ methods, details });
      }
      show() {
        return outcome === 'paid'
          ? Promise.resolve({ details: { purchaseToken: 'play-token-1' }, complete })
          : Promise.reject(new DOMException('closed', 'AbortError'));
      }
    }
    vi.stubGlobal('getDigitalGoodsService', getDigitalGoodsService);
    vi.stubGlobal('PaymentRequest', StubPaymentRequest);
    return { shown, complete };
  }

  beforeEach(async () => {
    await saveCart({ guest_id: 'guest0123456789abcdef', lines: [lineOf(mammals, 1)] });
    await saveCheckout(draft);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    delete (window as unknown as Record<string, unknown>).__fieldmarkShell;
  });

  it('in the TWA, pays a logbook with Google Play and sends the purchase token to the server', async () => {
    sessionStorage.setItem('fieldmark.channel', 'twa');
    const play = stubPlay('paid');
    const network = shopNetwork();
    network.on('PUT', 'commerce/payment', {
      body: { status: 'success', order: playOrder('pending'), redirect_url: '/fulfilment/x/pending' },
    });
    network.on('POST', 'commerce/play_billing', {
      body: { status: 'success', order: playOrder('fulfilled') },
    });
    network.on('GET', `commerce/orders/${playOrder('fulfilled').transaction_id}`, {
      body: { status: 'success', order: playOrder('fulfilled') },
    });
    const leave = vi.spyOn(handOver, 'to').mockImplementation(() => undefined);
    renderApp(<AppRoutes />, { route: '/payment', preloadedState: signedIn(), network });

    expect(await screen.findByText(texts.playHandOver)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $15.00' }));
    await waitFor(() => {
      expect(sentTo(network.sent, 'POST', 'commerce/play_billing')).toHaveLength(1);
    });
    expect(
      present(sentTo(network.sent, 'PUT', 'commerce/payment')[0], 'the payment request').body,
    ).toMatchObject({
      payment: { method: 'play_billing' },
    });
    expect(play.shown).toEqual([
      {
        methods: [{ supportedMethods: 'https://play.google.com/billing', data: { sku } }],
        details: { total: { label: 'Mammals', amount: { currency: 'USD', value: '14.99' } } },
      },
    ]);
    expect(play.complete).toHaveBeenCalledWith('success');
    expect(
      present(sentTo(network.sent, 'POST', 'commerce/play_billing')[0], 'the Play Billing request').body,
    ).toEqual({
      transaction_id: playOrder('pending').transaction_id,
      product_id: sku,
      purchase_token: 'play-token-1',
    });
    expect(await screen.findByText(texts.successHeading)).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });

  it('in the TWA, a closed Play sheet says nothing was charged and sends no token', async () => {
    sessionStorage.setItem('fieldmark.channel', 'twa');
    stubPlay('closed');
    const network = shopNetwork();
    network.on('PUT', 'commerce/payment', {
      body: { status: 'success', order: playOrder('pending'), redirect_url: '/fulfilment/x/pending' },
    });
    renderApp(<AppRoutes />, { route: '/payment', preloadedState: signedIn(), network });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $15.00' }));
    expect(await screen.findByText(texts.playCancelled)).toBeTruthy();
    expect(sentTo(network.sent, 'POST', 'commerce/play_billing')).toHaveLength(0);
  });

  it('in the browser, or in the TWA without the Digital Goods API, uses the web provider', async () => {
    sessionStorage.setItem('fieldmark.channel', 'twa');
    renderApp(<AppRoutes />, { route: '/payment', preloadedState: signedIn(), network: shopNetwork() });
    expect(await screen.findByText(texts.handOver)).toBeTruthy();
    expect(screen.queryByText(texts.playHandOver)).toBeNull();
  });

  it('in the iOS shell, refuses digital goods with a clear message and no pay button', async () => {
    (window as unknown as Record<string, unknown>).__fieldmarkShell = 'ios';
    const network = shopNetwork();
    renderApp(<AppRoutes />, { route: '/payment', preloadedState: signedIn(), network });
    expect(await screen.findByText(texts.iosDigitalGoods)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay / })).toBeNull();
    expect(sentTo(network.sent, 'PUT', 'commerce/payment')).toHaveLength(0);
  });
});
