/**
 * `/ebook-listing` (SPEC §2; role admin, SPEC §6, guarded by the route table): every ebook by name
 * (GET ebooks) with its type, page format and chapter count, each opening its details; "Clone" asks
 * for the copy's name (POST ebooks/{id}/clone); "New ebook" creates one (POST ebooks) and opens it.
 * A refused save shows the server's reason and keeps what was typed. Online only (AdminFrame).
 * The library the books are made from is reached from here too (SPEC §2 names no menu item for
 * it): "Media library" beside the heading opens /ebook-media, and "Page templates" lists the
 * templates (GET ebooks/admin/page_templates) by name with their thumbnail, each opening its editor,
 * with "New page template" (/ebook-page-template/new).
 */
import { useState, type SubmitEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EbookSummary } from '@contract/ebooks';
import { ebookTypeNames } from '@contract/ebookTexts';
import { ebookAdminTexts as texts, pageOrientationNames } from './ebookAdminTexts';
import { ebookLibraryTexts } from './ebookLibraryTexts';
import { labels } from '../../app/labels';
import { formatMessage, messages } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { AppDialog } from '../../ui/AppDialog';
import { AdminFrame, LoadState, reasonOf, when } from '../admin/embeds';
import {
  useCloneEbookMutation,
  useCreateEbookMutation,
  useListEbooksQuery,
  useListPageTemplatesQuery,
} from './ebooksApi';
import { MEDIA_LIBRARY, NEW_TEMPLATE, templatePath } from './libraryPaths';
import { EbookFields, emptyEbookDraft, useEbookDraft } from './EbookFields';

export const detailsPath = (id: string) => `/ebook-details/${encodeURIComponent(id)}`;

function CloneDialog({ ebook, onClose }: { ebook: EbookSummary; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [name, setName] = useState(() => formatMessage(texts.cloneOf, { name: ebook.name }));
  const [problem, setProblem] = useState<string | null>(null);
  const [cloneEbook, { isLoading }] = useCloneEbookMutation();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem(texts.required);
      return;
    }
    const answer = await cloneEbook({ id: ebook.id, name: name.trim() });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.cloned, severity: 'success' }));
    void navigate(detailsPath(answer.data.ebook.id));
  }

  return (
    <AppDialog
      title={formatMessage(texts.cloneTitle, { name: ebook.name })}
      closeLabel={messages.close}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      actions={
        <>
          <Button onClick={onClose}>{messages.cancel}</Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            {texts.clone}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{texts.cloneBody}</Typography>
        <TextField
          label={texts.cloneName}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          required
          autoFocus
        />
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </AppDialog>
  );
}

function EbooksTable() {
  const answer = useListEbooksQuery(undefined, { refetchOnMountOrArgChange: true });
  const [cloning, setCloning] = useState<EbookSummary | null>(null);
  if (answer.error) return <Alert severity="error">{reasonOf(answer.error)}</Alert>;
  if (!answer.data) return <LoadState error={null} />;
  const { ebooks } = answer.data;
  if (ebooks.length === 0) return <Typography>{texts.noEbooks}</Typography>;
  return (
    <>
      <Table size="small" aria-label={labels.ebooks}>
        <TableHead>
          <TableRow>
            <TableCell>{texts.columnName}</TableCell>
            <TableCell>{texts.columnType}</TableCell>
            <TableCell>{texts.columnPage}</TableCell>
            <TableCell>{texts.columnChapters}</TableCell>
            <TableCell>{texts.columnUpdated}</TableCell>
            <TableCell>{texts.columnActions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ebooks.map((ebook) => (
            <TableRow key={ebook.id}>
              <TableCell>
                <Link component={RouterLink} to={detailsPath(ebook.id)}>
                  {ebook.name}
                </Link>
              </TableCell>
              <TableCell>{ebookTypeNames[ebook.type]}</TableCell>
              <TableCell>
                {formatMessage(texts.pageFormat, {
                  size: ebook.page_size,
                  orientation: pageOrientationNames[ebook.page_orientation],
                })}
              </TableCell>
              <TableCell>{ebook.chapter_count}</TableCell>
              <TableCell>{when(ebook.updated_at)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  onClick={() => {
                    setCloning(ebook);
                  }}
                  aria-label={formatMessage(texts.cloneTitle, { name: ebook.name })}
                >
                  {texts.clone}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {cloning && (
        <CloneDialog
          ebook={cloning}
          onClose={() => {
            setCloning(null);
          }}
        />
      )}
    </>
  );
}

function NewEbookForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { draft, errors, problem, setProblem, change, checked } = useEbookDraft(emptyEbookDraft);
  const [createEbook, { isLoading }] = useCreateEbookMutation();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    const answer = await createEbook(input);
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.created, severity: 'success' }));
    void navigate(detailsPath(answer.data.ebook.id));
  }

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      aria-labelledby="new-ebook-heading"
      onSubmit={(event) => void onSubmit(event)}
    >
      <Typography variant="h5" component="h2" id="new-ebook-heading">
        {texts.newEbook}
      </Typography>
      <EbookFields draft={draft} errors={errors} onChange={change} />
      {problem && <Alert severity="error">{problem}</Alert>}
      <Button type="submit" variant="contained" loading={isLoading} sx={{ alignSelf: 'flex-start' }}>
        {texts.create}
      </Button>
    </Stack>
  );
}

function PageTemplates() {
  const library = ebookLibraryTexts;
  const answer = useListPageTemplatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const templates = answer.data?.page_templates;
  return (
    <Stack component="section" spacing={2} aria-labelledby="page-templates-heading">
      <Typography variant="h5" component="h2" id="page-templates-heading">
        {library.templatesHeading}
      </Typography>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : templates === undefined ? (
        <LoadState error={null} />
      ) : templates.length === 0 ? (
        <Typography>{library.noTemplates}</Typography>
      ) : (
        <Table size="small" aria-label={library.templatesHeading}>
          <TableHead>
            <TableRow>
              <TableCell>{library.columnTemplate}</TableCell>
              <TableCell>{library.columnThumbnail}</TableCell>
              <TableCell>{library.columnUpdated}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {templates.map((template) => (
              <TableRow key={template.id}>
                <TableCell>
                  <Link component={RouterLink} to={templatePath(template.id)}>
                    {template.name}
                  </Link>
                </TableCell>
                <TableCell>
                  {template.thumbnail_url ? (
                    <Box
                      component="img"
                      src={template.thumbnail_url}
                      alt={formatMessage(library.thumbnailOf, { name: template.name })}
                      loading="lazy"
                      sx={{ width: 64, height: 48, objectFit: 'cover', display: 'block' }}
                    />
                  ) : (
                    library.noThumbnail
                  )}
                </TableCell>
                <TableCell>{when(template.updated_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button component={RouterLink} to={templatePath(NEW_TEMPLATE)} sx={{ alignSelf: 'flex-start' }}>
        {library.newTemplate}
      </Button>
    </Stack>
  );
}

export function EbookListingPage() {
  return (
    <AdminFrame
      title={labels.ebooks}
      action={
        <Button component={RouterLink} to={MEDIA_LIBRARY} variant="outlined">
          {ebookLibraryTexts.mediaLibrary}
        </Button>
      }
    >
      <EbooksTable />
      <NewEbookForm />
      <PageTemplates />
    </AdminFrame>
  );
}
