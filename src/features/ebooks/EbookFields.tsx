/**
 * The five fields of an ebook's description (POST ebooks, PUT ebooks/{id}), shared by the new-ebook
 * form and the details page: the draft as typed, its checks (the contract's limits), and the choices
 * the server offers (`src/contract/ebooks.ts`) under their names (`ebookTexts.ts`).
 */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  EBOOK_NAME_MAX,
  EBOOK_PAGE_ORIENTATIONS,
  EBOOK_PAGE_SIZES,
  EBOOK_TYPES,
  type EbookPageOrientation,
  type EbookPageSize,
  type EbookType,
  type EbookWrite,
} from '@contract/ebooks';
import { ebookTypeNames } from '@contract/ebookTexts';
import { ebookAdminTexts as texts, pageOrientationNames } from './ebookAdminTexts';
import { useFormDraft, type DraftErrors } from '../../ui/useFormDraft';
import { formatMessage } from '@contract/messages';

export const PHOTO_CATEGORY_MAX = 64;

export type EbookDraft = EbookWrite;
export type EbookErrors = DraftErrors<EbookDraft>;

export const emptyEbookDraft = (): EbookDraft => ({
  name: '',
  type: 'field_guide',
  photo_category: '',
  page_size: 'A4',
  page_orientation: 'portrait',
});

export function checkEbookDraft(draft: EbookDraft): EbookErrors {
  const errors: EbookErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = texts.required;
  else if (name.length > EBOOK_NAME_MAX) errors.name = formatMessage(texts.tooLong, { max: EBOOK_NAME_MAX });
  if (draft.photo_category.trim().length > PHOTO_CATEGORY_MAX)
    errors.photo_category = formatMessage(texts.tooLong, { max: PHOTO_CATEGORY_MAX });
  return errors;
}

/** What is sent: the name and category without surrounding spaces. */
export const ebookInput = (draft: EbookDraft): EbookWrite => ({
  ...draft,
  name: draft.name.trim(),
  photo_category: draft.photo_category.trim(),
});

/**
 * The draft of an ebook's fields as a form edits it: a change clears that field's error and the
 * form's problem; `checked()` marks the fields and answers the input to send, or null (with the
 * problem set) while a field is wrong. A refused save sets the problem and keeps the draft.
 */
export function useEbookDraft(initial: () => EbookDraft) {
  const form = useFormDraft(initial, texts.fixFields);
  const checked = (): EbookWrite | null =>
    form.showErrors(checkEbookDraft(form.draft)) ? ebookInput(form.draft) : null;
  return { ...form, checked };
}

export function EbookFields(props: {
  draft: EbookDraft;
  errors: EbookErrors;
  onChange: (patch: Partial<EbookDraft>) => void;
}) {
  const { draft, errors, onChange } = props;
  return (
    <Stack spacing={2}>
      <TextField
        label={texts.fieldName}
        value={draft.name}
        onChange={(event) => {
          onChange({ name: event.target.value });
        }}
        error={errors.name !== undefined}
        helperText={errors.name}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={texts.fieldType}
          value={draft.type}
          onChange={(event) => {
            onChange({ type: event.target.value as EbookType });
          }}
          sx={{ minWidth: 200 }}
        >
          {EBOOK_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {ebookTypeNames[type]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={texts.fieldPageSize}
          value={draft.page_size}
          onChange={(event) => {
            onChange({ page_size: event.target.value as EbookPageSize });
          }}
          sx={{ minWidth: 140 }}
        >
          {EBOOK_PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={texts.fieldPageOrientation}
          value={draft.page_orientation}
          onChange={(event) => {
            onChange({ page_orientation: event.target.value as EbookPageOrientation });
          }}
          sx={{ minWidth: 160 }}
        >
          {EBOOK_PAGE_ORIENTATIONS.map((orientation) => (
            <MenuItem key={orientation} value={orientation}>
              {pageOrientationNames[orientation]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField
        label={texts.fieldPhotoCategory}
        value={draft.photo_category}
        onChange={(event) => {
          onChange({ photo_category: event.target.value });
        }}
        error={errors.photo_category !== undefined}
        helperText={errors.photo_category ?? texts.fieldPhotoCategoryHelp}
      />
    </Stack>
  );
}
