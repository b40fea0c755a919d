/**
 * The member's report dialog: why (a category), optional details, send. Offline the report waits in
 * the outbox (reportWrites.ts) and the member is told so; a refusal shows the server's reason.
 */
import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { reportActionTexts as texts, reportTexts } from './texts';
import { formatMessage, messages } from '@contract/messages';
import {
  REPORT_CATEGORIES,
  REPORT_DESCRIPTION_MAX,
  type ReportCategory,
  type ReportSection,
} from '@contract/reports';
import { useAppDispatch } from '../../app/hooks';
import { AppDialog } from '../../ui/AppDialog';
import { report } from './reportWrites';

const MEMBER_CATEGORIES = REPORT_CATEGORIES.filter((category) => category !== 'bug');

export function ReportDialog(props: {
  section: ReportSection;
  id: string;
  what: string;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (category === '') {
      setProblem(texts.chooseWhy);
      return;
    }
    setBusy(true);
    const refused = await dispatch(report({ section: props.section, id: props.id, category, description }));
    setBusy(false);
    if (refused === null) props.onClose();
    else setProblem(refused);
  }

  return (
    <AppDialog
      title={formatMessage(texts.dialogTitle, { what: props.what })}
      closeLabel={messages.close}
      onClose={props.onClose}
      onSubmit={(event) => void onSubmit(event)}
      actions={
        <>
          <Button onClick={props.onClose}>{messages.cancel}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {texts.send}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <FormLabel id="report-why">{texts.why}</FormLabel>
          <RadioGroup
            aria-labelledby="report-why"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value as ReportCategory);
              setProblem(null);
            }}
          >
            {MEMBER_CATEGORIES.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={reportTexts.categories[value] ?? value}
              />
            ))}
          </RadioGroup>
        </Stack>
        <TextField
          label={texts.details}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
          }}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REPORT_DESCRIPTION_MAX } }}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
      </Stack>
    </AppDialog>
  );
}
