/** The shop's pages in one chunk: they share the cart, the pricing and the API module. */
export { CartPage } from './CartPage';
export { CheckoutPage } from './CheckoutPage';
export { FulfilmentPage } from './FulfilmentPage';
export { MerchantProductPage } from './MerchantProductPage';
export { MerchantProductsPage } from './MerchantProductsPage';
export { PaymentPage } from './PaymentPage';
export { ProductPage } from './ProductPage';
export { ProductsPage } from './ProductsPage';
