/**
 * `/general-help` and `/general-help/:category` (SPEC §2). The help comes in one call with every
 * topic's Markdown (`GET help?include_content=true`) and is saved on the device, so one online visit
 * to any help page makes every help page readable offline (useDeviceCopy.ts).
 *
 * - `/general-help`: the subjects (categories), each a link to its page, with links to its topics,
 *   and a search across every topic (helpSearch.ts; the query is `?q=`, so back returns to it).
 * - `/general-help/{category}`: the subject's topics as expandable sections; `?topic={slug}` opens
 *   one (the links of the overview use it, so a topic can be linked to), and opening another moves
 *   the address along (replacing the entry: expanding is not a navigation to go back through).
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { HelpCategory } from '@contract/content';
import { formatMessage, messages } from '@contract/messages';
import { Loading, SavedCopyNote } from './ContentView';
import { Markdown } from './Markdown';
import { contentTexts } from './contentTexts';
import { searchHelp } from './helpSearch';
import { helpSource, useDeviceCopy } from './useDeviceCopy';

const HELP_PATH = '/general-help';
export const helpCategoryPath = (category: string) => `${HELP_PATH}/${encodeURIComponent(category)}`;
export const helpTopicPath = (category: string, topic: string) =>
  `${helpCategoryPath(category)}?topic=${encodeURIComponent(topic)}`;

function Subjects({ categories }: { categories: HelpCategory[] }) {
  if (categories.length === 0) return <Typography>{contentTexts.helpEmpty}</Typography>;
  return (
    <Stack
      component="ul"
      spacing={2}
      aria-label={contentTexts.helpSubjects}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {categories.map((category) => (
        <Paper component="li" variant="outlined" key={category.slug} sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            <Link component={RouterLink} to={helpCategoryPath(category.slug)}>
              {category.title}
            </Link>
          </Typography>
          <Box component="ul" aria-label={category.title} sx={{ m: 0, pl: 3 }}>
            {category.topics.map((topic) => (
              <li key={topic.slug}>
                <Link component={RouterLink} to={helpTopicPath(category.slug, topic.slug)}>
                  {topic.title}
                </Link>
              </li>
            ))}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** The search field over the subjects; while it holds a query, the matching topics replace them. */
function SearchableSubjects({ categories }: { categories: HelpCategory[] }) {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const matches = useMemo(() => searchHelp(categories, query), [categories, query]);
  return (
    <>
      <TextField
        type="search"
        label={contentTexts.helpSearch}
        value={query}
        onChange={(event) => {
          setParams(event.target.value === '' ? {} : { q: event.target.value }, { replace: true });
        }}
        size="small"
      />
      {query.trim() === '' ? (
        <Subjects categories={categories} />
      ) : matches.length === 0 ? (
        <Typography role="status">
          {formatMessage(contentTexts.helpSearchNone, { query: query.trim() })}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} aria-label={contentTexts.helpSearchResults} sx={{ m: 0, pl: 3 }}>
          {matches.map(({ category, topic }) => (
            <li key={`${category.slug}/${topic.slug}`}>
              <Link component={RouterLink} to={helpTopicPath(category.slug, topic.slug)}>
                {topic.title}
              </Link>
              <Typography variant="body2" component="span" color="text.secondary">
                {` · ${category.title}`}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}

function Topics({ category }: { category: HelpCategory }) {
  const [params, setParams] = useSearchParams();
  const open = params.get('topic');
  if (category.topics.length === 0) return <Typography>{contentTexts.helpEmpty}</Typography>;
  return (
    <Box aria-label={contentTexts.helpTopics} role="region">
      {category.topics.map((topic) => (
        <Accordion
          key={topic.slug}
          expanded={open === topic.slug}
          onChange={(_event, expanded) => {
            setParams(expanded ? { topic: topic.slug } : {}, { replace: true, preventScrollReset: true });
          }}
          slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
          disableGutters
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`help-${topic.slug}`}>
            <Typography variant="subtitle1" component="span" sx={{ fontWeight: 500 }}>
              {topic.title}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Markdown markdown={topic.content ?? ''} topLevel={3} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

export function HelpPage() {
  const { category: categorySlug } = useParams();
  const copy = useDeviceCopy(helpSource);
  const category = useMemo(
    () =>
      copy.status === 'ready' && categorySlug !== undefined
        ? (copy.value.find((candidate) => candidate.slug === categorySlug) ?? null)
        : undefined,
    [copy, categorySlug],
  );
  const title = category ? category.title : contentTexts.helpTitle;

  let body;
  switch (copy.status) {
    case 'loading':
      body = <Loading />;
      break;
    case 'notFound':
      body = <Typography>{contentTexts.helpEmpty}</Typography>;
      break;
    case 'notSaved':
      body = (
        <>
          <Typography variant="h6" component="p">
            {contentTexts.contentNotSaved}
          </Typography>
          <Typography>{contentTexts.helpNotSavedBody}</Typography>
        </>
      );
      break;
    case 'failed':
      body = (
        <Typography role="alert">
          {formatMessage(contentTexts.contentFailed, { reason: copy.reason })}
        </Typography>
      );
      break;
    case 'ready':
      body = (
        <>
          <SavedCopyNote saved={copy.saved} />
          {categorySlug === undefined ? (
            <>
              <Typography>{contentTexts.helpIntro}</Typography>
              <SearchableSubjects categories={copy.value} />
            </>
          ) : category ? (
            <Topics category={category} />
          ) : (
            <Typography>{contentTexts.helpNoSuchSubject}</Typography>
          )}
        </>
      );
  }

  return (
    <Stack spacing={2} sx={{ py: 4, maxWidth: 760 }}>
      {categorySlug !== undefined && (
        <Typography variant="body2">
          <Link component={RouterLink} to={HELP_PATH}>
            {contentTexts.helpAllSubjects}
          </Link>
        </Typography>
      )}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {body}
      <div>
        <Button component={RouterLink} to="/" variant="outlined">
          {messages.backHome}
        </Button>
      </div>
    </Stack>
  );
}
