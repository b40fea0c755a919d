/**
 * One member's or one group's feed inside another page (a profile, a group's page; GET
 * newsfeed/{id}): the same kept feed as the newsfeed pages (newsfeedStore.ts), so what was read
 * there opens offline with a note. On a group's page its members get a composer that posts in it.
 */
import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { newsfeedTexts as texts } from './texts';
import { FeedList } from './FeedList';
import { FeedRefreshButton } from './FeedRefreshButton';
import { useFeed } from './newsfeedHooks';
import { PostComposer } from './PostComposer';

export type FeedSectionProps =
  | { memberId: string; groupId?: never; canPost?: never }
  | { groupId: string; memberId?: never; canPost: boolean };

export function FeedSection(props: FeedSectionProps) {
  const feed =
    props.groupId !== undefined ? (`group:${props.groupId}` as const) : (`member:${props.memberId}` as const);
  const view = useFeed(feed);
  const headingId = useId();
  const isGroup = props.groupId !== undefined;
  return (
    <Stack component="section" spacing={2} aria-labelledby={headingId}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {isGroup ? texts.groupFeedHeading : texts.memberFeedHeading}
        </Typography>
        <FeedRefreshButton view={view} />
      </Stack>
      {!view.isOnline && <Alert severity="info">{texts.feedOfflineNote}</Alert>}
      {view.failure && <Alert severity="error">{view.failure}</Alert>}
      {props.groupId !== undefined && props.canPost && <PostComposer groupId={props.groupId} />}
      <FeedList view={view} emptyText={isGroup ? texts.groupFeedEmpty : texts.memberFeedEmpty} />
    </Stack>
  );
}
