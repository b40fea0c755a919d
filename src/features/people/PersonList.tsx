/**
 * A list of members as the people pages show them: avatar, nickname (to their profile), a line of
 * their about text, their follow figures and, for recommendations, why they are suggested; a
 * follow button on every row but one's own.
 */
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Person } from '@contract/community';
import { formatMessage } from '@contract/messages';
import { peopleTexts as texts } from './texts';
import { FollowButton } from './FollowButton';

export type ListedPerson = Person & Partial<{ mutual: number; shared_groups: number; nearby: number }>;

function reasons(person: ListedPerson): string[] {
  const why: string[] = [];
  if (person.mutual) why.push(formatMessage(texts.whyMutual, { count: person.mutual }));
  if (person.shared_groups) why.push(formatMessage(texts.whyGroups, { count: person.shared_groups }));
  if (person.nearby) why.push(formatMessage(texts.whyNearby, { count: person.nearby }));
  return why;
}

export function PersonList({
  people,
  label,
  me,
}: {
  people: readonly ListedPerson[];
  label: string;
  me: string | undefined;
}) {
  return (
    <List aria-label={label} disablePadding>
      {people.map((person) => (
        <ListItem key={person.user_id} divider sx={{ gap: 2, alignItems: 'flex-start', px: 0 }}>
          <Avatar src={person.avatar ?? undefined} alt="" aria-hidden>
            {person.nickname.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Link
                component={RouterLink}
                to={`/profile/${encodeURIComponent(person.user_id)}`}
                sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
              >
                {person.nickname}
              </Link>
              {person.follows_you && <Chip size="small" label={texts.followsYou} />}
            </Stack>
            {person.about && (
              <Typography variant="body2" noWrap title={person.about}>
                {person.about}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {formatMessage(texts.followerCount, { count: person.follower_count })} ·{' '}
              {formatMessage(texts.followingCount, { count: person.following_count })}
            </Typography>
            {reasons(person).length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {reasons(person).join(' · ')}
              </Typography>
            )}
          </Box>
          {person.user_id !== me && (
            <FollowButton userId={person.user_id} nickname={person.nickname} following={person.following} />
          )}
        </ListItem>
      ))}
    </List>
  );
}
