/**
 * Logbooks (SPEC §7 "Logbooks, commerce, issues"; docs/shop.md "Logbooks"): a species checklist for
 * a region, owned by buying its product or redeeming a printed activation code. The code format
 * and its normalisation are pure rules both sides run.
 */
import { Type, type Static } from 'typebox';
import { success } from './envelope';
import { UUID_PATTERN } from './places';
import { ProductSchema } from './shop';

/** Letters and digits that cannot be misread on paper (no 0/O, 1/I/L). */
export const ACTIVATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE = new RegExp(`^[${ACTIVATION_ALPHABET}]{12}$`);

/** 'abcd efgh-jkmn' → 'ABCD-EFGH-JKMN', or null when it cannot be a code. */
export function normaliseActivationCode(input: string): string | null {
  const bare = input.toUpperCase().replace(/[\s-]/g, '');
  if (!CODE.test(bare)) return null;
  return `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
}

export const LogbookSchema = Type.Object({
  product_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  images: Type.Array(Type.String()),
  location_id: Type.String(),
  classification: Type.String(),
  species_total: Type.Integer({ description: 'Species on the checklist' }),
});
export type Logbook = Static<typeof LogbookSchema>;

export const OwnedLogbookSchema = Type.Object({
  ...LogbookSchema.properties,
  user_logbook_id: Type.String(),
  user_id: Type.String(),
  activation_code: Type.Union([Type.String(), Type.Null()]),
  seen: Type.Integer({ description: 'Checklist species the member has recorded ("43 of 120")' }),
});
export type OwnedLogbook = Static<typeof OwnedLogbookSchema>;

export const LogbookSpeciesSchema = Type.Object({
  species_id: Type.String(),
  name: Type.String(),
  scientific_name: Type.String(),
  family: Type.Union([Type.String(), Type.Null()]),
});
export const LogbookTickSchema = Type.Object({
  species_id: Type.String(),
  count: Type.Integer(),
  first_date: Type.Number({ description: 'Seconds' }),
});
export type LogbookTick = Static<typeof LogbookTickSchema>;

/**
 * Where a sighting was, as one line from its `location.names` (id → name), region first
 * ("Limpopo, South Africa"): region ids carry a dash (ZAF-1209), country ids do not (ZAF). The
 * logbook page and the printed checklist both write a first sighting's place this way.
 */
export function placeText(names: Record<string, string> | null | undefined): string | null {
  if (!names || typeof names !== 'object') return null;
  const entries = Object.entries(names)
    .filter(([, name]) => typeof name === 'string' && name !== '')
    .sort(([a], [b]) => Number(b.includes('-')) - Number(a.includes('-')));
  const text = entries.map(([, name]) => name).join(', ');
  return text === '' ? null : text;
}

export const LogbookParamsSchema = Type.Object({
  id: Type.String({ pattern: UUID_PATTERN, description: 'Product id' }),
});
/** `GET logbooks/download/{id}`: JSON for the device (default) or the printable PDF. */
export const LogbookDownloadQuerySchema = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal('json'), Type.Literal('pdf')], {
        description:
          "json (default): the checklist and ticks for the device; pdf: the member's filled checklist to print",
      }),
    ),
    tz: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_+/-]{1,64}$',
        description: "IANA time zone the PDF writes dates in (the device's); UTC when absent",
      }),
    ),
  },
  { additionalProperties: false },
);
export type LogbookDownloadQuery = Static<typeof LogbookDownloadQuerySchema>;
export const ActivateSchema = Type.Object(
  { activation_code: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export const CodesRequestSchema = Type.Object(
  {
    product_id: Type.String({ pattern: UUID_PATTERN }),
    count: Type.Integer({ minimum: 1, maximum: 1000 }),
    batch: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' })),
  },
  { additionalProperties: false },
);

export const OwnedLogbooksResponseSchema = success({ logbooks: Type.Array(OwnedLogbookSchema) });
export const LogbooksResponseSchema = success({ logbooks: Type.Array(LogbookSchema) });
export const ActivateResponseSchema = success({ logbook: OwnedLogbookSchema });
export const LogbookProductResponseSchema = success({
  product: ProductSchema,
  logbook: LogbookSchema,
  owned: Type.Boolean(),
});
export const LogbookRefreshResponseSchema = success({
  logbook: OwnedLogbookSchema,
  ticks: Type.Array(LogbookTickSchema),
});
export const LogbookDownloadResponseSchema = success({
  logbook: OwnedLogbookSchema,
  species: Type.Array(LogbookSpeciesSchema),
  ticks: Type.Array(LogbookTickSchema),
});
export const CodesResponseSchema = success({
  batch: Type.String(),
  codes: Type.Array(Type.String()),
  csv: Type.String({ description: 'code,product_id,batch per line, for the printer' }),
});

/** A printed batch of activation codes, as the admin's list shows it. */
export const CodeBatchSchema = Type.Object({
  product_id: Type.String(),
  product_name: Type.String(),
  batch: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  codes: Type.Integer({ description: 'Codes in the batch' }),
  redeemed: Type.Integer({ description: 'Of them, redeemed' }),
});
export type CodeBatch = Static<typeof CodeBatchSchema>;
export const CodeBatchesResponseSchema = success({ batches: Type.Array(CodeBatchSchema) });
export type CodeBatchesResponse = Static<typeof CodeBatchesResponseSchema>;
export const CodeBatchQuerySchema = Type.Object(
  {
    product_id: Type.String({ pattern: UUID_PATTERN }),
    batch: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
  },
  { additionalProperties: false },
);
export const CodeBatchCsvResponseSchema = success({
  csv: Type.String({ description: 'code,product_id,batch,redeemed_at per line, for the printer' }),
});
