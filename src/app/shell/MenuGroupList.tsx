/**
 * One group of the side menu: a labelled list of links; the link of the current page is marked
 * (aria-current="page").
 */
import { useId } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { MenuItem } from './menus';

export function MenuGroupList({ label, items }: { label: string; items: readonly MenuItem[] }) {
  const labelId = useId();
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  return (
    <>
      <Typography
        id={labelId}
        variant="overline"
        component="div"
        color="text.secondary"
        sx={{ px: 2, pt: 1.5, lineHeight: 2 }}
      >
        {label}
      </Typography>
      <List dense disablePadding aria-labelledby={labelId}>
        {items.map((item) => {
          const isCurrent = pathname === item.to.split('?')[0];
          return (
            <ListItem key={item.id} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={isCurrent}
                aria-current={isCurrent ? 'page' : undefined}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
