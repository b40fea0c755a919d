/**
 * `/admin-cms` (SPEC §2; role admin or admin-cms:r, SPEC §6): every content page (GET cms/pages),
 * each opening its editor; "New page" (admin-cms:c) opens an empty one. Online only.
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
import { CMS_CREATE } from '@contract/contentAdmin';
import { labels } from '../../app/labels';
import { useListPagesQuery } from './adminApi';
import { AdminFrame, LoadState, reasonOf, useCan } from './parts';

export const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString(undefined, { dateStyle: 'medium' });

function PagesTable() {
  const answer = useListPagesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (answer.error) return <Alert severity="error">{reasonOf(answer.error)}</Alert>;
  if (!answer.data) return <LoadState error={null} />;
  const pages = answer.data.pages;
  if (pages.length === 0) return <Typography>{texts.noPages}</Typography>;
  return (
    <Table size="small" aria-label={labels.pages}>
      <TableHead>
        <TableRow>
          <TableCell>{texts.columnTitle}</TableCell>
          <TableCell>{texts.columnSlug}</TableCell>
          <TableCell>{texts.columnUpdated}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {pages.map((page) => (
          <TableRow key={page.id}>
            <TableCell>
              <Link component={RouterLink} to={`/admin-cms-page/${encodeURIComponent(page.id)}`}>
                {page.title}
              </Link>
            </TableCell>
            <TableCell>{page.slug}</TableCell>
            <TableCell>{dateOf(page.updated_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function CmsPagesAdminPage() {
  const canCreate = useCan(CMS_CREATE);
  return (
    <AdminFrame
      title={labels.pages}
      action={
        canCreate && (
          <Button component={RouterLink} to="/admin-cms-page" variant="contained" startIcon={<AddIcon />}>
            {texts.newPage}
          </Button>
        )
      }
    >
      <PagesTable />
    </AdminFrame>
  );
}
