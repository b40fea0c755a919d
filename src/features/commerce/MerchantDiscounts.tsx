/**
 * The Discount codes tab of /merchant-products (admin; docs/shop.md): every code with what it takes
 * off, when it is valid and how often it was used (GET commerce/discount_codes), a form for a new
 * one (POST commerce/discount_codes) and "End now" (POST commerce/discount_codes/{code}/end). Codes
 * are never edited or deleted: orders name them.
 */
import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMessage } from '@contract/messages';
import type { Discount } from '@contract/shop';
import { shopTexts as texts } from './shopTexts';
import {
  discountInputOf,
  emptyDiscountDraft,
  type DiscountDraft,
  type DiscountProblems,
} from './discountForm';
import { formatMoney } from './money';
import { MerchantFormFoot, MerchantTable, reasonOf } from './parts';
import { useCreateDiscountMutation, useEndDiscountMutation, useListDiscountsQuery } from './shopApi';

const day = (iso: string) => iso.slice(0, 10);

function offText(discount: Discount): string {
  return discount.type === 'percent'
    ? `${discount.value} %`
    : formatMoney(discount.value, discount.currency ?? 'USD');
}

function validText(discount: Discount): string {
  const parts = [
    discount.valid_from && formatMessage(texts.fromDate, { date: day(discount.valid_from) }),
    discount.valid_until && formatMessage(texts.untilDate, { date: day(discount.valid_until) }),
  ].filter(Boolean);
  return parts.length === 0 ? texts.always : parts.join(' ');
}

function NewDiscount() {
  const [draft, setDraft] = useState<DiscountDraft>(emptyDiscountDraft);
  const [problems, setProblems] = useState<DiscountProblems>({});
  const [created, setCreated] = useState<string | null>(null);
  const [create, state] = useCreateDiscountMutation();
  const field = (key: keyof DiscountDraft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => {
      setDraft({ ...draft, [key]: event.target.value });
    },
    error: Boolean(problems[key]),
    helperText: problems[key],
    size: 'small' as const,
  });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setCreated(null);
    const made = discountInputOf(draft);
    if ('problems' in made) {
      setProblems(made.problems);
      return;
    }
    setProblems({});
    void create(made.input)
      .unwrap()
      .then(
        ({ discount }) => {
          setCreated(discount.code);
          setDraft(emptyDiscountDraft());
        },
        () => undefined,
      );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="new-discount">
      <Typography variant="h6" component="h2" id="new-discount" sx={{ mb: 1 }}>
        {texts.newDiscount}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label={texts.fieldCode} {...field('code')} />
        <TextField
          select
          label={texts.fieldType}
          {...field('type')}
          onChange={(event) => {
            setDraft({ ...draft, type: event.target.value as DiscountDraft['type'] });
          }}
        >
          <MenuItem value="percent">{texts.typePercent}</MenuItem>
          <MenuItem value="amount">{texts.typeAmount}</MenuItem>
        </TextField>
        <TextField
          label={draft.type === 'percent' ? texts.fieldPercent : texts.fieldAmount}
          {...field('value')}
        />
        {draft.type === 'amount' && <TextField label={texts.fieldCurrency} {...field('currency')} />}
        <TextField
          type="date"
          label={texts.fieldValidFrom}
          {...field('validFrom')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={texts.fieldValidUntil}
          {...field('validUntil')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField label={texts.fieldMaxUses} {...field('maxUses')} />
        <TextField label={texts.fieldPerMember} {...field('perMember')} />
      </Box>
      <MerchantFormFoot
        label={texts.createDiscount}
        busy={state.isLoading}
        done={created ? formatMessage(texts.discountCreated, { code: created }) : null}
        error={state.error}
      />
    </Box>
  );
}

export function MerchantDiscounts() {
  const answer = useListDiscountsQuery();
  const [end, ending] = useEndDiscountMutation();
  const discounts = answer.data?.discounts;
  const now = new Date().toISOString();
  return (
    <Stack spacing={3}>
      <NewDiscount />
      {ending.error && <Alert severity="error">{reasonOf(ending.error)}</Alert>}
      <MerchantTable
        error={answer.error}
        rows={discounts}
        empty={texts.noDiscounts}
        label={texts.discountsTable}
        columns={[
          texts.colCode,
          texts.colOff,
          texts.colValid,
          { text: texts.colUses, align: 'right' },
          texts.colStatus,
        ]}
      >
        {(rows) =>
          rows.map((discount) => (
            <TableRow key={discount.code}>
              <TableCell>{discount.code}</TableCell>
              <TableCell>{offText(discount)}</TableCell>
              <TableCell>{validText(discount)}</TableCell>
              <TableCell align="right">
                {discount.max_uses === null
                  ? discount.uses
                  : formatMessage(texts.usesOf, { uses: discount.uses, max: discount.max_uses })}
              </TableCell>
              <TableCell>
                {discount.valid_until !== null && discount.valid_until <= now ? (
                  texts.ended
                ) : (
                  <Button
                    size="small"
                    aria-label={formatMessage(texts.endCode, { code: discount.code })}
                    disabled={ending.isLoading}
                    onClick={() => void end(discount.code)}
                  >
                    {texts.endNow}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))
        }
      </MerchantTable>
    </Stack>
  );
}
