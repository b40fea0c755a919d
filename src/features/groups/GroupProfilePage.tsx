/**
 * `/group-profile/{group_id}` (SPEC §2; issue 16): a group's photo, title, about and members
 * (GET groups/{id}: admins first), and join / leave for the signed-in member. The group's admins
 * (and site admins, whom the server treats alike) also get Edit, Add a member (AddMember.tsx), and
 * per member Make admin and Remove. The server decides every write (403 groupAdminsOnly, 400
 * groupLastAdmin) and the page shows its reason. Below, the group's feed (GET newsfeed/{id}), kept
 * on the device like the newsfeed, with a composer for its members. Offline the page shows the
 * group as last read on this device (groupsHooks.ts), without the online-only actions; a member
 * can still post in it (the post waits in the outbox).
 */
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GroupMember } from '@contract/community';
import { labels } from '../../app/labels';
import { canAccess } from '@contract/permissions';
import { formatMessage, messages } from '@contract/messages';
import { peopleTexts as texts } from '../people/texts';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { selectUser } from '../../app/sessionSlice';
import { FeedSection } from '../newsfeed/embeds';
import { reasonOf } from '../people/embeds';
import { AddMember } from './AddMember';
import { memberCountText } from './GroupsPage';
import { useRemoveMemberMutation, useSetMembershipMutation } from './groupsApi';
import { useGroupPage } from './groupsHooks';

function Members({
  groupId,
  members,
  canManage,
  me,
}: {
  groupId: string;
  members: readonly GroupMember[];
  canManage: boolean;
  me: string | undefined;
}) {
  const [setMembership, promoting] = useSetMembershipMutation();
  const [remove, removing] = useRemoveMemberMutation();
  const busy = promoting.isLoading || removing.isLoading;
  const failure = promoting.error ?? removing.error;
  return (
    <Stack spacing={1} component="section" aria-labelledby="group-members">
      <Typography id="group-members" variant="h6" component="h2">
        {texts.members}
      </Typography>
      {failure && <Alert severity="error">{reasonOf(failure)}</Alert>}
      <List aria-labelledby="group-members" disablePadding>
        {members.map((member) => (
          <ListItem key={member.user_id} divider sx={{ gap: 2, px: 0, flexWrap: 'wrap' }}>
            <Avatar src={member.avatar ?? undefined} alt="" aria-hidden>
              {member.nickname.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Link component={RouterLink} to={`/profile/${encodeURIComponent(member.user_id)}`}>
                {member.nickname}
              </Link>
            </Box>
            {member.role === 'admin' && <Chip size="small" label={texts.admin} />}
            {canManage && member.user_id !== me && (
              <Stack direction="row" spacing={1}>
                {member.role !== 'admin' && (
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => void setMembership({ id: groupId, userId: member.user_id, role: 'admin' })}
                  >
                    {formatMessage(texts.makeAdmin, { nickname: member.nickname })}
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={() => void remove({ id: groupId, userId: member.user_id })}
                >
                  {formatMessage(texts.removeMember, { nickname: member.nickname })}
                </Button>
              </Stack>
            )}
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

export function GroupProfilePage() {
  const { group_id: groupId = '' } = useParams();
  const me = useAppSelector(selectUser);
  const isOnline = useAppSelector(selectIsOnline);
  const answer = useGroupPage(groupId);
  const [join, joining] = useSetMembershipMutation();
  const [leave, leaving] = useRemoveMemberMutation();

  if (answer.error || !answer.data) {
    return (
      <Stack spacing={2} sx={{ py: 3, maxWidth: 720 }}>
        <Typography variant="h4" component="h1">
          {labels.group}
        </Typography>
        {!isOnline && !answer.isKeptLoading ? (
          <Alert severity="warning">{messages.offline}</Alert>
        ) : answer.error ? (
          <Alert severity="error">{reasonOf(answer.error)}</Alert>
        ) : (
          <CircularProgress aria-label={messages.loading} />
        )}
        <FeedSection groupId={groupId} canPost={false} />
      </Stack>
    );
  }

  const { group, members } = answer.data;
  // Site admins act as every group's admins on the server (server/routes/groups): the same rule.
  const isAdmin = group.role === 'admin' || canAccess(me, { role: 'admin', permission: 'admin-groups:u' });
  const failure = joining.error ?? leaving.error;
  const busy = joining.isLoading || leaving.isLoading;
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          src={group.avatar ?? undefined}
          alt=""
          aria-hidden
          sx={{ width: 72, height: 72, fontSize: 32 }}
        >
          {group.title.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {group.title}
          </Typography>
          <Typography color="text.secondary">{memberCountText(group.member_count)}</Typography>
        </Box>
      </Stack>
      {group.about && <Typography sx={{ whiteSpace: 'pre-line' }}>{group.about}</Typography>}
      {group.role && (
        <Typography>{group.role === 'admin' ? texts.youAreAdmin : texts.youAreMember}</Typography>
      )}
      {answer.isKept && <Alert severity="info">{texts.groupOfflineNote}</Alert>}
      {failure && <Alert severity="error">{reasonOf(failure)}</Alert>}
      {me && isOnline && (
        <Stack direction="row" spacing={2}>
          {group.role === null ? (
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => void join({ id: group.group_id, userId: me.user_id, role: 'member' })}
            >
              {texts.join}
            </Button>
          ) : (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void leave({ id: group.group_id, userId: me.user_id })}
            >
              {texts.leave}
            </Button>
          )}
          {isAdmin && (
            <Button component={RouterLink} to={`/group-profile-edit/${encodeURIComponent(group.group_id)}`}>
              {texts.editGroup}
            </Button>
          )}
        </Stack>
      )}
      <Members groupId={group.group_id} members={members} canManage={isAdmin && isOnline} me={me?.user_id} />
      {isAdmin && isOnline && (
        <AddMember groupId={group.group_id} memberIds={new Set(members.map((m) => m.user_id))} />
      )}
      <FeedSection groupId={group.group_id} canPost={me !== null && group.role !== null} />
    </Stack>
  );
}
