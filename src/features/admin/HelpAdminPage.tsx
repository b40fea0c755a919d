/**
 * `/admin-help` (SPEC §2; role admin or admin-help:r, SPEC §6): every help topic by subject (GET
 * help, without bodies), each opening its editor; "New topic" (admin-help:c) opens an empty one.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { adminTexts as texts } from './texts';
import { HELP_CREATE } from '@contract/contentAdmin';
import { labels } from '../../app/labels';
import { useListHelpQuery } from './adminApi';
import { dateOf } from './CmsPagesAdminPage';
import { AdminFrame, LoadState, reasonOf, useCan } from './parts';

function TopicsTable() {
  const answer = useListHelpQuery(undefined, { refetchOnMountOrArgChange: true });
  if (answer.error) return <Alert severity="error">{reasonOf(answer.error)}</Alert>;
  if (!answer.data) return <LoadState error={null} />;
  const rows = answer.data.categories.flatMap((category) =>
    category.topics.map((topic) => ({ ...topic, categoryTitle: category.title })),
  );
  if (rows.length === 0) return <Typography>{texts.noTopics}</Typography>;
  return (
    <Table size="small" aria-label={labels.help}>
      <TableHead>
        <TableRow>
          <TableCell>{texts.columnTitle}</TableCell>
          <TableCell>{texts.columnCategory}</TableCell>
          <TableCell>{texts.columnSlug}</TableCell>
          <TableCell>{texts.columnUpdated}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((topic) => (
          <TableRow key={topic.id}>
            <TableCell>
              <Link component={RouterLink} to={`/admin-help-details/${encodeURIComponent(topic.id)}`}>
                {topic.title}
              </Link>
            </TableCell>
            <TableCell>{topic.categoryTitle}</TableCell>
            <TableCell>{topic.slug}</TableCell>
            <TableCell>{dateOf(topic.updated_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function HelpAdminPage() {
  const canCreate = useCan(HELP_CREATE);
  return (
    <AdminFrame
      title={labels.help}
      action={
        canCreate && (
          <Button component={RouterLink} to="/admin-help-details" variant="contained" startIcon={<AddIcon />}>
            {texts.newTopic}
          </Button>
        )
      }
    >
      <TopicsTable />
    </AdminFrame>
  );
}
