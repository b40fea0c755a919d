/**
 * '' — the web welcome page (SPEC §2): what the product is and does, and the ways in. Kept light:
 * it is the first route, so it loads only components the shell already has (Box with a flex gap
 * rather than Stack, which would be a chunk of its own on the first visit).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { uiActions } from '../uiSlice';

const FEATURES = [
  messages.welcomeFeatureRecord,
  messages.welcomeFeatureLists,
  messages.welcomeFeatureExplore,
];

export function WelcomePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4, py: { xs: 4, md: 8 }, maxWidth: 720 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 600 }}>
          {product.name}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          {product.description}
        </Typography>
      </Box>
      <section aria-labelledby="welcome-features">
        <Typography id="welcome-features" variant="h5" component="h2" gutterBottom>
          {messages.welcomeFeaturesTitle}
        </Typography>
        <Typography component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </Typography>
      </section>
      {user ? (
        <Typography>{formatMessage(messages.welcomeSignedIn, { nickname: user.nickname })}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}
          >
            {messages.signIn}
          </Button>
          <Button
            variant="outlined"
            size="large"
            onClick={() => dispatch(uiActions.modalOpened({ name: 'register', props: {} }))}
          >
            {messages.welcomeCreateAccount}
          </Button>
        </Box>
      )}
    </Box>
  );
}
