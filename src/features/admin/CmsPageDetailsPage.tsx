/**
 * `/admin-cms-page[/{page_id}]` (SPEC §2; role admin or admin-cms:r): write or edit a content page
 * in Markdown with a live preview, and save it (PUT cms/pages/{id}: a new id creates, needing
 * admin-cms:c; a known one replaces, admin-cms:u). A new page gets a fresh UUID. A failed save
 * keeps everything typed and says why; delete (admin-cms:d) asks first.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { adminTexts as texts } from './texts';
import { isContentSlug, type ContentPage } from '@contract/content';
import { CMS_CREATE, CMS_DELETE, CMS_UPDATE } from '@contract/contentAdmin';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { useDeletePageMutation, useGetPageQuery, usePutPageMutation } from './adminApi';
import { MarkdownEditor } from './MarkdownEditor';
import { AdminFrame, DetailActions, LoadState, reasonOf, useCan } from './parts';

const LIST = '/admin-cms';

interface Draft {
  title: string;
  slug: string;
  content: string;
}
type Errors = Partial<Record<keyof Draft, string>>;

export function checkDraft(draft: Draft): Errors {
  const errors: Errors = {};
  if (draft.title.trim() === '') errors.title = texts.required;
  if (!isContentSlug(draft.slug.trim())) errors.slug = texts.slugFormat;
  return errors;
}

function PageForm({ id, loaded }: { id: string; loaded: ContentPage | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(
    loaded
      ? { title: loaded.title, slug: loaded.slug, content: loaded.content }
      : { title: '', slug: '', content: '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [putPage, { isLoading: saving }] = usePutPageMutation();
  const [deletePage] = useDeletePageMutation();
  const canSave = useCan(loaded ? CMS_UPDATE : CMS_CREATE);
  const canDelete = useCan(CMS_DELETE);

  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
    const changed = new Set(Object.keys(patch));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !changed.has(key))));
  };

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setProblem(texts.fixFields);
      return;
    }
    const input = { title: draft.title.trim(), slug: draft.slug.trim(), content: draft.content };
    const answer = await putPage({ id, input });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(uiActions.toastShown({ message: loaded ? texts.saved : texts.created, severity: 'success' }));
    if (!loaded) void navigate(`/admin-cms-page/${encodeURIComponent(id)}`, { replace: true });
  }

  async function remove() {
    const answer = await deletePage(id);
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.deleted, severity: 'success' }));
    void navigate(LIST);
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={texts.fieldTitle}
        value={draft.title}
        onChange={(event) => {
          change({ title: event.target.value });
        }}
        error={errors.title !== undefined}
        helperText={errors.title}
        required
      />
      <TextField
        label={texts.fieldSlug}
        value={draft.slug}
        onChange={(event) => {
          change({ slug: event.target.value });
        }}
        error={errors.slug !== undefined}
        helperText={errors.slug ?? texts.fieldSlugHelp}
        required
      />
      <MarkdownEditor
        label={texts.fieldContent}
        value={draft.content}
        onChange={(content) => {
          change({ content });
        }}
      />
      {problem && <Alert severity="error">{problem}</Alert>}
      <DetailActions
        canSave={canSave}
        saving={saving}
        saveLabel={texts.save}
        view={
          loaded
            ? { to: `/general-content-page/${encodeURIComponent(loaded.slug)}`, label: texts.viewPage }
            : null
        }
        remove={
          loaded && canDelete
            ? {
                label: texts.delete,
                title: formatMessage(texts.deleteTitle, { name: loaded.title }),
                body: texts.deletePageBody,
                onConfirm: remove,
              }
            : null
        }
      />
    </Stack>
  );
}

function EditExisting({ id }: { id: string }) {
  const answer = useGetPageQuery(id, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <LoadState error={answer.error} />;
  return <PageForm key={id} id={id} loaded={answer.data.page} />;
}

export function CmsPageDetailsPage() {
  const { page_id: id } = useParams();
  // A new page's id, fixed for the life of the form so a retried save stays one page.
  const [newId] = useState(() => crypto.randomUUID());
  return (
    <AdminFrame title={labels.pageDetails} back={{ to: LIST, label: texts.backToPages }}>
      {id ? <EditExisting id={id} /> : <PageForm id={newId} loaded={null} />}
    </AdminFrame>
  );
}
