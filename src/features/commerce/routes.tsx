/**
 * Routes of the shop (SPEC §2; the route table guards them: anyone for the shop, role admin for
 * the merchant pages, SPEC §6). Lazy, as one chunk (pages.ts).
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureModule';

const loadPages = () => import('./pages');

const ProductsPage = lazy(async () => ({ default: (await loadPages()).ProductsPage }));
const ProductPage = lazy(async () => ({ default: (await loadPages()).ProductPage }));
const CartPage = lazy(async () => ({ default: (await loadPages()).CartPage }));
const CheckoutPage = lazy(async () => ({ default: (await loadPages()).CheckoutPage }));
const PaymentPage = lazy(async () => ({ default: (await loadPages()).PaymentPage }));
const FulfilmentPage = lazy(async () => ({ default: (await loadPages()).FulfilmentPage }));
const MerchantProductsPage = lazy(async () => ({ default: (await loadPages()).MerchantProductsPage }));
const MerchantProductPage = lazy(async () => ({ default: (await loadPages()).MerchantProductPage }));

export const commerceRoutes: FeatureRoute[] = [
  { path: 'products', element: <ProductsPage /> },
  { path: 'product/:product_id', element: <ProductPage /> },
  { path: 'cart', element: <CartPage /> },
  { path: 'checkout', element: <CheckoutPage /> },
  { path: 'payment', element: <PaymentPage /> },
  { path: 'fulfilment/:transaction_id/:status', element: <FulfilmentPage /> },
  { path: 'merchant-products', element: <MerchantProductsPage /> },
  { path: 'merchant-product/:product_id', element: <MerchantProductPage /> },
];
