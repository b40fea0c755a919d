/**
 * `/admin-help-details[/{help_id}]` (SPEC §2; role admin or admin-help:r): write or edit a help
 * topic in Markdown with a live preview (PUT help/{id}: a new id creates, admin-help:c; a known one
 * replaces, admin-help:u). A subject title given creates or renames the subject. A failed save keeps
 * everything typed; delete (admin-help:d) asks first.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { adminTexts as texts } from './texts';
import { isContentSlug, type HelpTopicResponse } from '@contract/content';
import { HELP_CREATE, HELP_DELETE, HELP_UPDATE } from '@contract/contentAdmin';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { useDeleteTopicMutation, useGetTopicQuery, usePutTopicMutation } from './adminApi';
import { MarkdownEditor } from './MarkdownEditor';
import { AdminFrame, DetailActions, LoadState, reasonOf, useCan } from './parts';

const LIST = '/admin-help';

interface Draft {
  title: string;
  slug: string;
  category: string;
  categoryTitle: string;
  sort: string;
  content: string;
}
type Errors = Partial<Record<keyof Draft, string>>;

function checkDraft(draft: Draft): Errors {
  const errors: Errors = {};
  if (draft.title.trim() === '') errors.title = texts.required;
  if (!isContentSlug(draft.slug.trim())) errors.slug = texts.slugFormat;
  if (!isContentSlug(draft.category.trim())) errors.category = texts.slugFormat;
  if (!/^-?\d{1,6}$/.test(draft.sort.trim())) errors.sort = texts.required;
  return errors;
}

function draftOf(loaded: HelpTopicResponse | null): Draft {
  if (!loaded) return { title: '', slug: '', category: '', categoryTitle: '', sort: '0', content: '' };
  const { topic, category } = loaded;
  return {
    title: topic.title,
    slug: topic.slug,
    category: category.slug,
    categoryTitle: category.title,
    sort: String(topic.sort),
    content: topic.content,
  };
}

function TopicForm({ id, loaded }: { id: string; loaded: HelpTopicResponse | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [putTopic, { isLoading: saving }] = usePutTopicMutation();
  const [deleteTopic] = useDeleteTopicMutation();
  const canSave = useCan(loaded ? HELP_UPDATE : HELP_CREATE);
  const canDelete = useCan(HELP_DELETE);

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
    const categoryTitle = draft.categoryTitle.trim();
    const input = {
      title: draft.title.trim(),
      slug: draft.slug.trim(),
      category: draft.category.trim(),
      ...(categoryTitle === '' ? {} : { category_title: categoryTitle }),
      sort: Number(draft.sort.trim()),
      content: draft.content,
    };
    const answer = await putTopic({ id, input });
    if (answer.error) {
      setProblem(formatMessage(texts.draftKept, { reason: reasonOf(answer.error) }));
      return;
    }
    dispatch(uiActions.toastShown({ message: loaded ? texts.saved : texts.created, severity: 'success' }));
    if (!loaded) void navigate(`/admin-help-details/${encodeURIComponent(id)}`, { replace: true });
  }

  async function remove() {
    const answer = await deleteTopic(id);
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    dispatch(uiActions.toastShown({ message: texts.deleted, severity: 'success' }));
    void navigate(LIST);
  }

  const field = (key: Exclude<keyof Draft, 'content'>, label: string, help?: string, required = true) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={(event) => {
        change({ [key]: event.target.value });
      }}
      error={errors[key] !== undefined}
      helperText={errors[key] ?? help}
      required={required}
    />
  );

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void onSubmit(event)}>
      {field('title', texts.fieldTitle)}
      {field('slug', texts.fieldSlug)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('category', texts.fieldCategory, texts.fieldCategoryHelp)}
        {field('categoryTitle', texts.fieldCategoryTitle, texts.fieldCategoryTitleHelp, false)}
        {field('sort', texts.fieldSort)}
      </Stack>
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
            ? {
                to: `/general-help/${encodeURIComponent(loaded.category.slug)}`,
                label: texts.viewPage,
              }
            : null
        }
        remove={
          loaded && canDelete
            ? {
                label: texts.delete,
                title: formatMessage(texts.deleteTitle, { name: loaded.topic.title }),
                body: texts.deleteTopicBody,
                onConfirm: remove,
              }
            : null
        }
      />
    </Stack>
  );
}

function EditExisting({ id }: { id: string }) {
  const answer = useGetTopicQuery(id, { refetchOnMountOrArgChange: true });
  if (!answer.data) return <LoadState error={answer.error} />;
  return <TopicForm key={id} id={id} loaded={answer.data} />;
}

export function HelpDetailsPage() {
  const { help_id: id } = useParams();
  const [newId] = useState(() => crypto.randomUUID());
  return (
    <AdminFrame title={labels.helpDetails} back={{ to: LIST, label: texts.backToHelp }}>
      {id ? <EditExisting id={id} /> : <TopicForm id={newId} loaded={null} />}
    </AdminFrame>
  );
}
