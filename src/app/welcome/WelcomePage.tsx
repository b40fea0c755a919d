/**
 * '' — the web welcome page (SPEC §2): what the product is and does, and the ways in; signed in,
 * the next steps instead of a dead end — record a sighting, the member's species, their region
 * (with the way to change it). Kept light: it is the first route, so it loads only components the
 * shell already has (Box with a flex gap rather than Stack, which would be a chunk of its own on
 * the first visit).
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { selectConfig } from '../configSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { uiActions } from '../uiSlice';

const FEATURES = [
  messages.welcomeFeatureRecord,
  messages.welcomeFeatureLists,
  messages.welcomeFeatureExplore,
];

const STEP_SX = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 1,
  p: 2,
  border: 1,
  borderColor: 'divider',
  borderRadius: 2,
} as const;

function Step({ title, hint, action }: { title: string; hint: string; action: ReactNode }) {
  return (
    <Box component="li" sx={STEP_SX}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
        {hint}
      </Typography>
      {action}
    </Box>
  );
}

/** What a signed-in member does next, each leading to the real page or dialog. */
function NextSteps() {
  const dispatch = useAppDispatch();
  const region = useAppSelector(selectConfig).location?.name;
  return (
    <section aria-labelledby="welcome-next-steps">
      <Typography id="welcome-next-steps" variant="h5" component="h2" gutterBottom>
        {messages.welcomeNextStepsTitle}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
        }}
      >
        <Step
          title={messages.welcomeStepRecord}
          hint={messages.welcomeStepRecordHint}
          action={
            <Button variant="contained" component={RouterLink} to="/species-observation">
              {messages.welcomeStepRecordAction}
            </Button>
          }
        />
        <Step
          title={messages.welcomeStepSpecies}
          hint={messages.welcomeStepSpeciesHint}
          action={
            <Button variant="outlined" component={RouterLink} to="/species">
              {messages.welcomeStepSpeciesAction}
            </Button>
          }
        />
        <Step
          title={messages.welcomeStepRegion}
          hint={
            region
              ? formatMessage(messages.welcomeStepRegionHint, { region })
              : messages.welcomeStepRegionNone
          }
          action={
            <Button
              variant="outlined"
              aria-haspopup="dialog"
              onClick={() =>
                dispatch(
                  uiActions.modalOpened({ name: 'config', props: { section: 'location', showBack: true } }),
                )
              }
            >
              {messages.welcomeStepRegionChange}
            </Button>
          }
        />
      </Box>
    </section>
  );
}

export function WelcomePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4, py: { xs: 4, md: 8 }, maxWidth: 960 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 600 }}>
          {product.name}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          {user ? formatMessage(messages.welcomeSignedIn, { nickname: user.nickname }) : product.description}
        </Typography>
      </Box>
      {user ? (
        <NextSteps />
      ) : (
        <>
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
        </>
      )}
    </Box>
  );
}
