/**
 * The admin tables' page: a heading, a search (debounced as SPEC §9 says for searches), a "new"
 * button, a table whose first column links to the record's details page, and previous/next paging.
 * The calls answer a page without a total, so "next" is offered when a page came back full.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { adminPlacesTexts as texts } from './adminPlacesTexts';
import { formatMessage, messages } from '@contract/messages';
import type { ApiFailure } from '../../api/ApiError';
import { useAppSelector } from '../../app/hooks';
import { selectIsOnline } from '../../app/networkSlice';
import { PICKER_SEARCH_DEBOUNCE_MS } from '../../ui/SelectPickerModel';
import { ADMIN_PAGE_SIZE, type PageQuery } from './adminPlacesApi';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

export interface ListAnswer<Row> {
  rows: Row[] | undefined;
  error: unknown;
  isFetching: boolean;
}

export interface AdminListPageProps<Row> {
  title: string;
  searchLabel: string;
  newLabel: string;
  newPath: string;
  empty: string;
  /** The page's call for a search and an offset (an RTK Query hook, called every render). */
  useRows: (query: PageQuery, options: { skip: boolean }) => ListAnswer<Row>;
  rowKey: (row: Row) => string;
  detailsPath: (row: Row) => string;
  columns: Column<Row>[];
}

export function reasonOf(error: unknown): string {
  return error && typeof error === 'object' && 'reason' in error
    ? (error as ApiFailure).reason
    : messages.serverError;
}

export function AdminListPage<Row>(props: AdminListPageProps<Row>) {
  const isOnline = useAppSelector(selectIsOnline);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [skip, setSkip] = useState(0);
  // Only a changed search goes back to the first page: a timer armed on mount for the empty search
  // would otherwise undo a "next" pressed within the debounce (seen as a flaky test under load).
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => {
      setSearch(typed);
      setSkip(0);
    }, PICKER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, search]);
  const answer = props.useRows({ search, skip }, { skip: !isOnline });
  const rows = answer.rows ?? [];

  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          {props.title}
        </Typography>
        <Button component={RouterLink} to={props.newPath} variant="contained" startIcon={<AddIcon />}>
          {props.newLabel}
        </Button>
      </Stack>
      <TextField
        label={props.searchLabel}
        type="search"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
        }}
        sx={{ maxWidth: 420 }}
      />
      {!isOnline ? (
        <Alert severity="warning">{messages.offline}</Alert>
      ) : answer.error ? (
        <Alert severity="error">{reasonOf(answer.error)}</Alert>
      ) : answer.rows === undefined ? (
        <CircularProgress aria-label={messages.loading} />
      ) : rows.length === 0 ? (
        <Typography>{props.empty}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={props.title}>
            <TableHead>
              <TableRow>
                {props.columns.map((column) => (
                  <TableCell key={column.header}>{column.header}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={props.rowKey(row)}>
                  {props.columns.map((column, index) => (
                    <TableCell key={column.header}>
                      {index === 0 ? (
                        <Link component={RouterLink} to={props.detailsPath(row)}>
                          {column.cell(row)}
                        </Link>
                      ) : (
                        column.cell(row)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {isOnline && (skip > 0 || rows.length === ADMIN_PAGE_SIZE) && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button
            disabled={skip === 0 || answer.isFetching}
            onClick={() => {
              setSkip(Math.max(0, skip - ADMIN_PAGE_SIZE));
            }}
          >
            {texts.previousPage}
          </Button>
          <Typography>{formatMessage(texts.pageOf, { from: skip + 1, to: skip + rows.length })}</Typography>
          <Button
            disabled={rows.length < ADMIN_PAGE_SIZE || answer.isFetching}
            onClick={() => {
              setSkip(skip + ADMIN_PAGE_SIZE);
            }}
          >
            {texts.nextPage}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
