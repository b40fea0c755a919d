/**
 * The app bar: product name (home), and the account actions — Sign In / Sign Up when signed out,
 * the nickname and Logout when signed in. It re-renders on the session slice's login/logout
 * events, which is how the menu refreshes (SPEC §4).
 */
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { product } from '@config/product';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectUser } from '../sessionSlice';
import { uiActions } from '../uiSlice';

export function AppHeader() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600 }}
        >
          {product.name}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {user ? (
          <>
            <Typography
              variant="body1"
              title={formatMessage(messages.signedInAs, { nickname: user.nickname })}
              sx={{ mr: 1 }}
              data-testid="session-nickname"
            >
              {user.nickname}
            </Typography>
            <Button color="inherit" component={RouterLink} to="/logout">
              {messages.logout}
            </Button>
          </>
        ) : (
          <>
            <Button
              color="inherit"
              onClick={() => dispatch(uiActions.modalOpened({ name: 'login', props: {} }))}
            >
              {messages.signIn}
            </Button>
            <Button
              color="inherit"
              variant="outlined"
              onClick={() => dispatch(uiActions.modalOpened({ name: 'register', props: {} }))}
            >
              {messages.signUp}
            </Button>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
