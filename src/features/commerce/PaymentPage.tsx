/**
 * /payment (issue 19): the order as the server prices it, and the button that creates it
 * (PUT commerce/payment) and hands the buyer over to the payment provider — the embedded TEST
 * gateway or Stripe Checkout, whichever the server runs. Card details are entered there, never
 * here. A free order (free products, a 100 % code) needs no provider and goes straight to its page.
 * Needs the network (SPEC's offline message).
 */
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { product } from '@config/product';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { shopTexts as texts } from './shopTexts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { currentChannel } from '../../lib/platform';
import { loadCheckout, useDeviceCart, type CheckoutDraft } from './cartStore';
import { paymentRequestOf } from './checkoutForm';
import { formatMoney } from './money';
import { OrderSummary } from './OrderSummary';
import { NeedsSignIn, reasonOf, ShopPage } from './parts';
import { blockedInIosShell, buyWithPlay, PlayBillingCancelled, usesPlayBilling } from './playBilling';
import { providerUrl, useConfirmPlayPurchaseMutation, useStartPaymentMutation } from './shopApi';
import { usePricedCart } from './usePricedCart';

/** Leaves the app for the provider's page (a full navigation: the provider is another site). */
export const handOver = {
  to: (url: string) => {
    globalThis.location.assign(url);
  },
};

export function PaymentPage() {
  const isOnline = useAppSelector(selectIsOnline);
  const user = useAppSelector(selectUser);
  const cart = useDeviceCart();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CheckoutDraft | null | undefined>();
  const [startPayment, started] = useStartPaymentMutation();
  const [confirmPlay, confirmed] = useConfirmPlayPurchaseMutation();
  const [playError, setPlayError] = useState<string | null>(null);
  const [channel] = useState(() => currentChannel(product.appId));

  useEffect(() => {
    let current = true;
    void loadCheckout().then((stored) => {
      if (current) setDraft(stored ?? null);
    });
    return () => {
      current = false;
    };
  }, []);

  const priced = usePricedCart(user?.user_id, cart?.lines, draft?.discount ?? null, isOnline && !!user);

  if (!isOnline) {
    return (
      <ShopPage title={labels.payment}>
        <Alert severity="warning">{messages.offline}</Alert>
        <BackToCheckout />
      </ShopPage>
    );
  }
  if (!user) {
    return (
      <ShopPage title={labels.payment}>
        <NeedsSignIn why={texts.signInToCheckout} />
      </ShopPage>
    );
  }
  if (!cart || draft === undefined) {
    return (
      <ShopPage title={labels.payment}>
        <CircularProgress aria-label={messages.loading} />
      </ShopPage>
    );
  }
  if (draft === null || cart.lines.length === 0) {
    return (
      <ShopPage title={labels.payment}>
        <Typography>{cart.lines.length === 0 ? texts.cartEmpty : texts.noCheckout}</Typography>
        <BackToCheckout />
      </ShopPage>
    );
  }

  if (blockedInIosShell(channel, cart.lines)) {
    return (
      <ShopPage title={labels.payment}>
        <Alert severity="info">{texts.iosDigitalGoods}</Alert>
        <BackToCheckout />
      </ShopPage>
    );
  }
  // In the Android app, digital goods are Google Play's to sell (its policy): the TEST gateway or
  // Stripe only for the browser, or for physical goods.
  const viaPlay = usesPlayBilling(channel, globalThis, cart.lines);

  const currency = priced.cart?.currency ?? null;
  const total =
    priced.cart && currency !== null
      ? Math.max(0, priced.cart.subtotal_minor - (priced.discountMinor ?? 0))
      : null;

  async function payWithPlay() {
    if (!cart || !draft) return;
    setPlayError(null);
    try {
      const answer = await startPayment(
        paymentRequestOf(cart.lines, { ...draft, discount: null }, 'play_billing'),
      ).unwrap();
      const order = answer.order;
      const [item] = order.items;
      if (!item) throw new Error(`Order ${order.transaction_id} has no item to buy with Google Play`);
      const bought = await buyWithPlay(item.product_id);
      const paid = await confirmPlay({
        transaction_id: order.transaction_id,
        product_id: bought.playProductId,
        purchase_token: bought.purchaseToken,
      }).unwrap();
      await navigate(
        `/fulfilment/${order.transaction_id}/${paid.order.status === 'pending' ? 'pending' : 'success'}`,
      );
    } catch (error) {
      if (error instanceof PlayBillingCancelled) setPlayError(texts.playCancelled);
      else if (error instanceof Error)
        setPlayError(formatMessage(texts.playFailed, { reason: error.message }));
      // The server's refusals are shown from the mutations' state.
    }
  }

  async function pay() {
    if (!cart || !draft) return;
    if (viaPlay) return payWithPlay();
    try {
      // A code the server refuses now is left out (the page says so) rather than failing the order.
      const sent = priced.discountError ? { ...draft, discount: null } : draft;
      const answer = await startPayment(paymentRequestOf(cart.lines, sent)).unwrap();
      const redirect = answer.redirect_url;
      // A free order is settled already: its page is ours. Anything else is the provider's.
      if (redirect.startsWith('/fulfilment/')) await navigate(redirect);
      else handOver.to(providerUrl(redirect));
    } catch {
      // The failure is shown from the mutation's state.
    }
  }

  return (
    <ShopPage title={labels.payment}>
      {priced.error ? (
        <Alert severity="error">{priced.error}</Alert>
      ) : priced.cart ? (
        <OrderSummary
          cart={priced.cart}
          discountCode={priced.discountError ? null : draft.discount}
          discountMinor={priced.discountMinor}
        />
      ) : (
        <CircularProgress aria-label={texts.checkingPrices} />
      )}
      {priced.discountError && <Alert severity="warning">{priced.discountError}</Alert>}
      <Typography>{viaPlay ? texts.playHandOver : texts.handOver}</Typography>
      {started.error && <Alert severity="error">{reasonOf(started.error)}</Alert>}
      {confirmed.error && <Alert severity="error">{reasonOf(confirmed.error)}</Alert>}
      {playError && <Alert severity="error">{playError}</Alert>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={
            total === null || started.isLoading || (!!started.data && !viaPlay) || confirmed.isLoading
          }
          onClick={() => void pay()}
        >
          {total === null || currency === null
            ? texts.checkingPrices
            : total === 0
              ? texts.payFree
              : formatMessage(texts.payNow, { amount: formatMoney(total, currency) })}
        </Button>
        {(started.isLoading || started.data) && <Typography role="status">{texts.starting}</Typography>}
        <BackToCheckout />
      </Stack>
    </ShopPage>
  );
}

function BackToCheckout() {
  return (
    <Button component={RouterLink} to="/checkout" sx={{ alignSelf: 'flex-start' }}>
      {texts.backToCheckout}
    </Button>
  );
}
