/**
 * `/admin-issue-reports` (SPEC §2; role admin, SPEC §6): the members' issue reports, newest first,
 * filtered by what was reported, where the report stands and why (GET report_issue/list), paged
 * with the total; each opens its details page. Online only.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { reportTexts as texts } from '../reports/texts';
import { labels } from '../../app/labels';
import { formatMessage } from '@contract/messages';
import { REPORT_CATEGORIES, REPORT_SECTIONS, REPORT_STATES, type Report } from '@contract/reports';
import { adminTexts } from './texts';
import { REPORTS_PAGE_SIZE, useListReportsQuery, type ReportsQuery } from './adminApi';
import { AdminFrame, FilterSelect, LoadState, Pager, reasonOf, when } from './parts';

const optionsOf = (values: readonly string[], names: Record<string, string>) =>
  values.map((value) => ({ value, label: names[value] ?? value }));

export const reportTitle = (report: Pick<Report, 'section' | 'category'>) =>
  formatMessage(texts.reportTitle, {
    section: texts.sections[report.section] ?? report.section,
    category: texts.categories[report.category] ?? report.category,
  });

function ReportsTable() {
  const [query, setQuery] = useState<ReportsQuery>({ section: '', state: 'open', category: '', skip: 0 });
  const answer = useListReportsQuery(query, { refetchOnMountOrArgChange: true });
  const reports = answer.data?.reports;
  const filter = (patch: Partial<ReportsQuery>) => {
    setQuery({ ...query, ...patch, skip: 0 });
  };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FilterSelect
          label={texts.filterSection}
          value={query.section}
          options={optionsOf(REPORT_SECTIONS, texts.sections)}
          onChange={(section) => {
            filter({ section });
          }}
        />
        <FilterSelect
          label={adminTexts.filterState}
          value={query.state}
          options={optionsOf(REPORT_STATES, texts.states)}
          onChange={(state) => {
            filter({ state });
          }}
        />
        <FilterSelect
          label={texts.filterCategory}
          value={query.category}
          options={optionsOf(REPORT_CATEGORIES, texts.categories)}
          onChange={(category) => {
            filter({ category });
          }}
        />
      </Stack>
      {answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : reports === undefined ? (
        <LoadState error={null} />
      ) : reports.length === 0 ? (
        <Typography>{texts.noReports}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={labels.issueReports}>
            <TableHead>
              <TableRow>
                <TableCell>{texts.columnReport}</TableCell>
                <TableCell>{adminTexts.columnState}</TableCell>
                <TableCell>{texts.columnReporter}</TableCell>
                <TableCell>{texts.columnWhen}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reports.map((report) => (
                <TableRow key={report.id}>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/admin-issue-report-details/${encodeURIComponent(report.id)}`}
                    >
                      {reportTitle(report)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {texts.states[report.state]}
                    {report.content_hidden ? ` · ${texts.subjectHidden}` : ''}
                  </TableCell>
                  <TableCell>{report.reporter_nickname ?? texts.reporterDeleted}</TableCell>
                  <TableCell>{when(report.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {reports !== undefined && answer.data && (
        <Pager
          skip={query.skip}
          shown={reports.length}
          total={answer.data.total}
          pageSize={REPORTS_PAGE_SIZE}
          busy={answer.isFetching}
          onSkip={(skip) => {
            setQuery({ ...query, skip });
          }}
        />
      )}
    </Stack>
  );
}

export function ReportsAdminPage() {
  return (
    <AdminFrame title={labels.issueReports}>
      <ReportsTable />
    </AdminFrame>
  );
}
