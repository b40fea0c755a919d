/**
 * The Activation codes tab of /merchant-products (admin; docs/shop.md): make a batch of printed
 * activation codes for a logbook product (POST logbooks/codes; its CSV downloads at once), and the
 * batches made so far with how many were redeemed (GET logbooks/codes), each downloadable again as
 * CSV with the date each code was redeemed (GET logbooks/codes/csv).
 */
import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMessage, messages } from '@contract/messages';
import { shopTexts as texts } from './shopTexts';
import { MerchantFormFoot, MerchantTable, reasonOf } from './parts';
import {
  useBatchCsvMutation,
  useListCodeBatchesQuery,
  useListProductsQuery,
  usePrintCodesMutation,
} from './shopApi';
import { saveFile } from '../../lib/saveFile';

const BATCH = /^[A-Za-z0-9_-]{1,40}$/;

const fileName = (productName: string, batch: string) =>
  `activation-codes-${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${batch}.csv`;

function PrintCodes() {
  const products = useListProductsQuery({ showHidden: true }).data?.products;
  const logbooks = (products ?? []).filter((product) => product.kind === 'logbook');
  const [productId, setProductId] = useState('');
  const [count, setCount] = useState('10');
  const [batch, setBatch] = useState('');
  const [problem, setProblem] = useState<{ count?: string; batch?: string }>({});
  const [made, setMade] = useState<string | null>(null);
  const [print, state] = usePrintCodesMutation();
  const chosen = productId || logbooks[0]?.id || '';

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setMade(null);
    const n = /^\d{1,4}$/.test(count.trim()) ? Number(count) : 0;
    const wrong = {
      ...(n < 1 || n > 1000 ? { count: texts.countInvalid } : {}),
      ...(batch && !BATCH.test(batch) ? { batch: texts.batchInvalid } : {}),
    };
    setProblem(wrong);
    if (Object.keys(wrong).length > 0 || !chosen) return;
    const name = logbooks.find((logbook) => logbook.id === chosen)?.name ?? chosen;
    void print({ product_id: chosen, count: n, ...(batch ? { batch } : {}) })
      .unwrap()
      .then(
        (answer) => {
          saveFile(new Blob([answer.csv], { type: 'text/csv' }), fileName(name, answer.batch));
          setMade(formatMessage(texts.codesMade, { count: answer.codes.length, batch: answer.batch }));
        },
        () => undefined,
      );
  };

  if (products === undefined) return <CircularProgress aria-label={messages.loading} />;
  if (logbooks.length === 0) return <Typography>{texts.noLogbookProducts}</Typography>;
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="print-codes">
      <Typography variant="h6" component="h2" id="print-codes" sx={{ mb: 1 }}>
        {texts.printCodes}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label={texts.fieldLogbook}
          value={chosen}
          onChange={(event) => {
            setProductId(event.target.value);
          }}
        >
          {logbooks.map((logbook) => (
            <MenuItem key={logbook.id} value={logbook.id}>
              {logbook.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={texts.fieldCount}
          value={count}
          onChange={(event) => {
            setCount(event.target.value);
          }}
          error={Boolean(problem.count)}
          helperText={problem.count}
        />
        <TextField
          size="small"
          label={texts.fieldBatch}
          value={batch}
          onChange={(event) => {
            setBatch(event.target.value);
          }}
          error={Boolean(problem.batch)}
          helperText={problem.batch}
        />
      </Box>
      <MerchantFormFoot label={texts.makeCodes} busy={state.isLoading} done={made} error={state.error} />
    </Box>
  );
}

export function MerchantCodeBatches() {
  const answer = useListCodeBatchesQuery();
  const [fetchCsv, csvState] = useBatchCsvMutation();
  const batches = answer.data?.batches;
  return (
    <Stack spacing={3}>
      <PrintCodes />
      {csvState.error && <Alert severity="error">{reasonOf(csvState.error)}</Alert>}
      <MerchantTable
        error={answer.error}
        rows={batches}
        empty={texts.noBatches}
        label={texts.batchesTable}
        columns={[
          texts.colBatch,
          texts.colLogbook,
          texts.colDate,
          { text: texts.colCodes, align: 'right' },
          { text: texts.colRedeemed, align: 'right' },
          texts.csv,
        ]}
      >
        {(rows) =>
          rows.map((batch) => (
            <TableRow key={`${batch.product_id}/${batch.batch}`}>
              <TableCell>{batch.batch}</TableCell>
              <TableCell>{batch.product_name}</TableCell>
              <TableCell>{batch.created_at.slice(0, 10)}</TableCell>
              <TableCell align="right">{batch.codes}</TableCell>
              <TableCell align="right">{batch.redeemed}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  aria-label={formatMessage(texts.downloadCsv, {
                    batch: `${batch.product_name} ${batch.batch}`,
                  })}
                  onClick={() =>
                    void fetchCsv({ product_id: batch.product_id, batch: batch.batch })
                      .unwrap()
                      .then(
                        (csv) => {
                          saveFile(
                            new Blob([csv.csv], { type: 'text/csv' }),
                            fileName(batch.product_name, batch.batch),
                          );
                        },
                        () => undefined,
                      )
                  }
                >
                  {texts.csv}
                </Button>
              </TableCell>
            </TableRow>
          ))
        }
      </MerchantTable>
    </Stack>
  );
}
