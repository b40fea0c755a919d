/**
 * A group admin adds a member (PUT groups/{id}/members/{user_id}): a search of members by
 * nickname (GET users), those already in the group left out.
 */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import { peopleTexts as texts } from '../people/texts';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { reasonOf, useListPeopleQuery } from '../people/embeds';
import { useSetMembershipMutation } from './groupsApi';

export function AddMember({ groupId, memberIds }: { groupId: string; memberIds: ReadonlySet<string> }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);
  const found = useListPeopleQuery(
    { list: 'search', userId: '', search, limit: 10 },
    { skip: search === '' },
  );
  const [add, adding] = useSetMembershipMutation();
  const candidates = (found.data?.users ?? []).filter((person) => !memberIds.has(person.user_id));

  return (
    <Stack spacing={1} component="section" aria-labelledby="group-add-member">
      <Typography id="group-add-member" variant="h6" component="h2">
        {texts.addMember}
      </Typography>
      <TextField
        label={texts.addMemberSearch}
        type="search"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
        }}
        sx={{ maxWidth: 420 }}
      />
      {(found.error ?? adding.error) && (
        <Typography color="error" role="alert">
          {reasonOf(found.error ?? adding.error)}
        </Typography>
      )}
      {search !== '' && found.data && candidates.length === 0 && (
        <Typography>{formatMessage(texts.noMatches, { search })}</Typography>
      )}
      {candidates.length > 0 && (
        <List aria-labelledby="group-add-member" disablePadding>
          {candidates.map((person) => (
            <ListItem key={person.user_id} divider sx={{ gap: 2, px: 0 }}>
              <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }}>{person.nickname}</Typography>
              <Button
                size="small"
                disabled={adding.isLoading}
                onClick={() => void add({ id: groupId, userId: person.user_id, role: 'member' })}
              >
                {formatMessage(texts.add, { nickname: person.nickname })}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
