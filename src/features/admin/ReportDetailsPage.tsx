/**
 * `/admin-issue-report-details/{report_issue_id}` (SPEC §2; role admin): one report (GET
 * report_issue/{id}): the reported thing shown in place as it is now (its text, whether it still
 * exists or is hidden), what the reporter said, notes (adding one: POST report_issue/create_note),
 * the history of who did what and when, and the actions that apply in its state (POST
 * report_issue/{action}: resolve, reject, hide, unhide, reopen). Hiding asks first.
 */
import { useState, type SubmitEvent } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminTexts } from './texts';
import { reportTexts as texts } from '../reports/texts';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import {
  HIDEABLE_SECTIONS,
  nextReportState,
  REPORT_ACTIONS,
  REPORTS_UPDATE,
  type ReportAction,
  type ReportDetailResponse,
} from '@contract/reports';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { uiActions } from '../../app/uiSlice';
import { useActOnReportMutation, useAddReportNoteMutation, useGetReportQuery } from './adminApi';
import { AdminFrame, ConfirmDialog, LoadState, reasonOf, useCan, when } from './parts';
import { reportTitle } from './ReportsAdminPage';

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={props.title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

function Actions({ detail }: { detail: ReportDetailResponse }) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.user?.user_id ?? '');
  const [act, { isLoading }] = useActOnReportMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [hiding, setHiding] = useState(false);
  const { report } = detail;
  const applies = (action: ReportAction) =>
    nextReportState(report.state, detail.subject.hidden, action) !== null &&
    (action !== 'hide' || (HIDEABLE_SECTIONS.includes(report.section) && detail.subject.exists));

  async function run(action: ReportAction) {
    const body = { section: report.section, id: report.subject_id, issue_id: report.id, user_id: userId };
    const answer = await act({ action, body });
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    setProblem(null);
    const name = texts.actions[action] ?? action;
    dispatch(
      uiActions.toastShown({
        message: formatMessage(texts.actionDone, { action: name }),
        severity: 'success',
      }),
    );
  }

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {REPORT_ACTIONS.filter(applies).map((action) => (
          <Button
            key={action}
            variant={action === 'hide' ? 'contained' : 'outlined'}
            color={action === 'hide' ? 'error' : 'primary'}
            disabled={isLoading}
            onClick={() => {
              if (action === 'hide') setHiding(true);
              else void run(action);
            }}
          >
            {texts.actions[action]}
          </Button>
        ))}
      </Stack>
      {problem && <Alert severity="error">{problem}</Alert>}
      {hiding && (
        <ConfirmDialog
          title={texts.hideTitle}
          body={texts.hideBody}
          confirmLabel={texts.actions.hide ?? 'hide'}
          onConfirm={async () => {
            await run('hide');
            setHiding(false);
          }}
          onClose={() => {
            setHiding(false);
          }}
        />
      )}
    </Stack>
  );
}

function Notes({ detail }: { detail: ReportDetailResponse }) {
  const userId = useAppSelector((state) => state.session.user?.user_id ?? '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [add, { isLoading }] = useAddReportNoteMutation();
  const dispatch = useAppDispatch();

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (note.trim() === '') {
      setProblem(adminTexts.required);
      return;
    }
    const body = {
      section: detail.report.section,
      id: detail.report.id,
      user_id: userId,
      note_content: note.trim(),
    };
    const answer = await add(body);
    if (answer.error) {
      setProblem(reasonOf(answer.error));
      return;
    }
    setNote('');
    setProblem(null);
    dispatch(uiActions.toastShown({ message: texts.noteAdded, severity: 'success' }));
  }

  return (
    <Section title={texts.notesTitle}>
      {detail.notes.length === 0 ? (
        <Typography>{texts.noNotes}</Typography>
      ) : (
        <List dense aria-label={texts.notesTitle}>
          {detail.notes.map((entry) => (
            <ListItem key={entry.id}>
              <ListItemText
                primary={entry.note_content}
                secondary={`${entry.author_nickname ?? texts.reporterDeleted}, ${when(entry.created_at)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack component="form" spacing={1} noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label={texts.fieldNote}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem}
          multiline
          minRows={2}
        />
        <Button type="submit" loading={isLoading} sx={{ alignSelf: 'flex-start' }}>
          {texts.addNote}
        </Button>
      </Stack>
    </Section>
  );
}

function ReportView({ detail }: { detail: ReportDetailResponse }) {
  const { report, subject, events } = detail;
  const canAct = useCan(REPORTS_UPDATE);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="p">
        {reportTitle(report)} · {texts.states[report.state]}
      </Typography>
      {canAct && <Actions detail={detail} />}
      <Section title={texts.reportedThing}>
        <Typography color="text.secondary">
          {formatMessage(texts.subjectId, { id: report.subject_id })}
        </Typography>
        {!subject.exists ? (
          <Alert severity="info">{texts.subjectGone}</Alert>
        ) : (
          <>
            {subject.hidden && <Alert severity="warning">{texts.subjectHidden}</Alert>}
            {/* Plain text: whatever markup a member wrote is shown, never interpreted. */}
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {subject.text ?? texts.subjectNoText}
            </Typography>
          </>
        )}
      </Section>
      <Section title={texts.description}>
        <Typography color="text.secondary">
          {`${report.reporter_nickname ?? texts.reporterDeleted}, ${when(report.created_at)}`}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {report.description.trim() === '' ? texts.noDescription : report.description}
        </Typography>
      </Section>
      <Notes detail={detail} />
      <Section title={texts.historyTitle}>
        <List dense aria-label={texts.historyTitle}>
          {events.map((event, index) => (
            <ListItem key={`${event.created_at}-${index}`}>
              <ListItemText
                primary={formatMessage(texts.event, {
                  action: event.action,
                  actor: event.actor_nickname ?? texts.reporterDeleted,
                  date: when(event.created_at),
                })}
              />
            </ListItem>
          ))}
        </List>
      </Section>
    </Stack>
  );
}

export function ReportDetailsPage() {
  const { report_issue_id: id = '' } = useParams();
  const answer = useGetReportQuery(id, { refetchOnMountOrArgChange: true });
  return (
    <AdminFrame
      title={labels.issueReportDetails}
      back={{ to: '/admin-issue-reports', label: texts.backToReports }}
    >
      {answer.data ? <ReportView detail={answer.data} /> : <LoadState error={answer.error} />}
    </AdminFrame>
  );
}
