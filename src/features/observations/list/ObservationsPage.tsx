/**
 * `/observations` (SPEC §2, open to anyone): a member's own sightings from the device, and in a
 * second tab other members' public sightings from the server. A guest has no sightings of their
 * own: they see the public tab and an invitation to sign in. The tab is kept in the address
 * (`?tab=public`), so going back returns to it.
 */
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { labels } from '../../../app/labels';
import { messages } from '@contract/messages';
import { sightingTexts } from '../texts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/sessionSlice';
import { uiActions } from '../../../app/uiSlice';
import { OwnSightings } from './OwnSightings';
import { PublicSightings } from './PublicSightings';

type TabName = 'mine' | 'public';

export function ObservationsPage() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const ids = useId();
  const tab: TabName = user && params.get('tab') !== 'public' ? 'mine' : 'public';

  const chooseTab = (next: TabName) => {
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === 'public') changed.set('tab', 'public');
        else changed.delete('tab');
        return changed;
      },
      { replace: true },
    );
  };
  const tabProps = (name: TabName) => ({
    value: name,
    id: `${ids}-${name}-tab`,
    'aria-controls': `${ids}-${name}-panel`,
  });

  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {labels.observations}
      </Typography>
      {user ? (
        <Tabs
          value={tab}
          onChange={(_event, next: TabName) => {
            chooseTab(next);
          }}
          aria-label={sightingTexts.sightingsTabs}
        >
          <Tab label={sightingTexts.sightingsMine} {...tabProps('mine')} />
          <Tab label={sightingTexts.sightingsPublic} {...tabProps('public')} />
        </Tabs>
      ) : (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              aria-haspopup="dialog"
              onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}
            >
              {messages.signIn}
            </Button>
          }
        >
          {sightingTexts.sightingsSignInPrompt}
        </Alert>
      )}
      <Box
        role={user ? 'tabpanel' : undefined}
        id={`${ids}-${tab}-panel`}
        aria-labelledby={user ? `${ids}-${tab}-tab` : undefined}
      >
        {user && tab === 'mine' ? <OwnSightings userId={user.user_id} /> : <PublicSightings />}
      </Box>
    </Stack>
  );
}
