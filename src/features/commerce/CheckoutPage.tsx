/**
 * /checkout (issue 19): contact, billing address and a discount code, with the totals the server
 * prices now. Needs the network (SPEC's offline message) and a member (PUT commerce/payment does);
 * a guest signs in here and keeps the cart. What was typed is kept on the device for /payment.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { shopTexts as texts } from './shopTexts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { loadCheckout, saveCheckout, useDeviceCart, type CheckoutDraft } from './cartStore';
import { checkoutProblems, emptyDraft } from './checkoutForm';
import { formatMoney } from './money';
import { OrderSummary } from './OrderSummary';
import { NeedsSignIn, ShopPage } from './parts';
import { usePricedCart } from './usePricedCart';

export function CheckoutPage() {
  const isOnline = useAppSelector(selectIsOnline);
  const user = useAppSelector(selectUser);
  const cart = useDeviceCart();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CheckoutDraft | undefined>();
  const [typedCode, setTypedCode] = useState('');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    let current = true;
    void loadCheckout().then((stored) => {
      if (current) setDraft(stored ?? emptyDraft(user?.username ?? ''));
    });
    return () => {
      current = false;
    };
  }, [user?.username]);

  const priced = usePricedCart(user?.user_id, cart?.lines, draft?.discount ?? null, isOnline && !!user);

  if (!isOnline) {
    return (
      <ShopPage title={labels.checkout}>
        <Alert severity="warning">{messages.offline}</Alert>
        <BackToCart />
      </ShopPage>
    );
  }
  if (!user) {
    return (
      <ShopPage title={labels.checkout}>
        <NeedsSignIn why={texts.signInToCheckout} />
        <BackToCart />
      </ShopPage>
    );
  }
  if (!cart || !draft) {
    return (
      <ShopPage title={labels.checkout}>
        <CircularProgress aria-label={messages.loading} />
      </ShopPage>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <ShopPage title={labels.checkout}>
        <Typography>{texts.cartEmpty}</Typography>
        <BackToCart />
      </ShopPage>
    );
  }

  const problems = checkoutProblems(draft);
  const change = (next: CheckoutDraft) => {
    setDraft(next);
  };
  const contact = (field: keyof CheckoutDraft['contact'], value: string) => {
    change({ ...draft, contact: { ...draft.contact, [field]: value } });
  };
  const billing = (field: keyof CheckoutDraft['billing'], value: string) => {
    change({ ...draft, billing: { ...draft.billing, [field]: value } });
  };
  const canPay = !!priced.cart && priced.cart.currency !== null && priced.cart.subtotal_minor >= 0;

  function submit(event: SubmitEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0 || !canPay || !draft) return;
    const accepted = priced.discountError ? null : draft.discount;
    void saveCheckout({ ...draft, discount: accepted }).then(() => navigate('/payment'));
  }

  const shown = (field: string) => (tried ? problems[field] : undefined);
  return (
    <ShopPage title={labels.checkout}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Typography variant="h6" component="h2">
          {texts.contactHeading}
        </Typography>
        <TextField
          label={texts.fieldName}
          required
          autoComplete="name"
          value={draft.contact.name}
          onChange={(event) => {
            contact('name', event.target.value);
          }}
          error={!!shown('name')}
          helperText={shown('name')}
        />
        <TextField
          label={texts.fieldEmail}
          required
          type="email"
          autoComplete="email"
          value={draft.contact.email}
          onChange={(event) => {
            contact('email', event.target.value);
          }}
          error={!!shown('email')}
          helperText={shown('email')}
        />
        <Typography variant="h6" component="h2">
          {texts.billingHeading}
        </Typography>
        <TextField
          label={texts.fieldAddress}
          autoComplete="street-address"
          value={draft.billing.address}
          onChange={(event) => {
            billing('address', event.target.value);
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={texts.fieldCity}
            autoComplete="address-level2"
            value={draft.billing.city}
            onChange={(event) => {
              billing('city', event.target.value);
            }}
          />
          <TextField
            label={texts.fieldPostalCode}
            autoComplete="postal-code"
            value={draft.billing.postal_code}
            onChange={(event) => {
              billing('postal_code', event.target.value);
            }}
          />
          <TextField
            label={texts.fieldCountry}
            autoComplete="country"
            value={draft.billing.country}
            onChange={(event) => {
              billing('country', event.target.value.toUpperCase());
            }}
            error={!!shown('country')}
            helperText={shown('country')}
          />
        </Stack>
        <Typography variant="h6" component="h2">
          {texts.discountHeading}
        </Typography>
        {draft.discount ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {priced.discountError ? (
              <Alert severity="error">{priced.discountError}</Alert>
            ) : (
              <Typography role="status">
                {priced.discountMinor !== null && priced.cart?.currency
                  ? formatMessage(texts.discountApplied, {
                      code: draft.discount,
                      amount: formatMoney(priced.discountMinor, priced.cart.currency),
                    })
                  : draft.discount}
              </Typography>
            )}
            <Button
              onClick={() => {
                change({ ...draft, discount: null });
              }}
            >
              {texts.removeDiscount}
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={texts.discountCode}
              value={typedCode}
              onChange={(event) => {
                setTypedCode(event.target.value.toUpperCase());
              }}
              size="small"
            />
            <Button
              variant="outlined"
              disabled={typedCode.trim() === ''}
              onClick={() => {
                change({ ...draft, discount: typedCode.trim() });
              }}
            >
              {texts.applyDiscount}
            </Button>
          </Stack>
        )}
        {priced.error ? (
          <Alert severity="error">{priced.error}</Alert>
        ) : priced.cart ? (
          <OrderSummary
            cart={priced.cart}
            discountCode={priced.discountError ? null : draft.discount}
            discountMinor={priced.discountMinor}
          />
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-label={texts.checkingPrices} />
            <Typography>{texts.checkingPrices}</Typography>
          </Stack>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={!canPay}>
            {texts.toPayment}
          </Button>
          <BackToCart />
        </Stack>
      </Stack>
    </ShopPage>
  );
}

function BackToCart() {
  return (
    <Button component={RouterLink} to="/cart" sx={{ alignSelf: 'flex-start' }}>
      {texts.backToCart}
    </Button>
  );
}
