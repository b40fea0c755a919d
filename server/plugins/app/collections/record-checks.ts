/**
 * What a pushed record must be before it is stored (issue 25): text and numbers a database can hold,
 * at most RECORD_DATA_MAX_BYTES of data, and `data` that is what its collection says — a sighting
 * is an Observation of the member pushing it, a trip a Trip. A record that fails is refused with its
 * id and a reason naming the field; before this, one NUL in a note made every push of the batch
 * answer 500 and held a device's queue back for good, and any JSON could be stored as a sighting.
 */
import { Compile } from 'typebox/compile';
import { MEMBER_COLLECTION_RULES, type MemberCollectionRules } from '@contract/memberCollections';
import { formatMessage, messages } from '@contract/messages';
import { findUnsafeValue, pathText, type UnsafeValue } from '@contract/safeText';
import type { PushRecord } from '@contract/sync';
import { validationReason, type AjvError } from '../envelope/validation-reason';

/** The most JSON one record's data may take: a sighting with a full note and 20 photos is ≈ 50 KB. */
export const RECORD_DATA_MAX_BYTES = 64 * 1024;

/** Why a record cannot be stored, or undefined when it can. */
export type RecordCheck = (record: PushRecord, memberId: string) => string | undefined;

export interface RecordRefusal {
  id: string;
  rev: string;
  reason: string;
}

export function unsafeReason(found: UnsafeValue): string {
  const field = pathText(found.path) || 'request';
  const template =
    found.problem === 'text'
      ? messages.unsafeText
      : found.problem === 'number'
        ? messages.unsafeNumber
        : messages.nestedTooDeeply;
  return formatMessage(template, { field });
}

/** TypeBox names every missing property in one error; the shared reason wants Ajv's one-per-error. */
function ajvShaped(errors: readonly AjvError[]): AjvError[] {
  return errors.flatMap((error) => {
    const missing = error.params.requiredProperties;
    if (error.keyword !== 'required' || !Array.isArray(missing)) return [error];
    return missing.map((property: unknown) => ({ ...error, params: { missingProperty: property } }));
  });
}

/** A check of `data` against a collection's contract rules (src/contract/memberCollections.ts). */
function rulesCheck({ schema, idField, ownerField, check }: MemberCollectionRules): RecordCheck {
  let compiled: ReturnType<typeof Compile> | undefined;
  return (record, memberId) => {
    compiled ??= Compile(schema);
    const data = record.data;
    if (!compiled.Check(data)) {
      const errors = ajvShaped([...compiled.Errors(data)] as AjvError[]);
      return validationReason(errors, 'data');
    }
    if (idField !== undefined && data[idField] !== record.id) return `${idField}: must be the record's id`;
    if (data[ownerField] !== memberId) return `${ownerField}: must be the signed-in member's id`;
    return check?.(data);
  };
}

/** The data checks of the member-owned collections. A collection without one stores any object. */
export const RECORD_CHECKS: Readonly<Record<string, RecordCheck>> = Object.fromEntries(
  Object.entries(MEMBER_COLLECTION_RULES).map(([name, rules]) => [name, rulesCheck(rules)]),
);

/**
 * Why this record cannot be stored, or undefined. Checked in order: storable text in its id and
 * revision, then — unless it is a tombstone, whose data is dropped — storable text and numbers
 * anywhere in its data, the size of its data and the collection's own check.
 */
export function refusalOf(
  record: PushRecord,
  memberId: string,
  check: RecordCheck | undefined,
): string | undefined {
  const unsafeId = findUnsafeValue({ id: record.id, rev: record.rev });
  if (unsafeId) return unsafeReason(unsafeId);
  if (record.deleted) return undefined;
  // Fields of the data are named as the schema's reasons name them: `note`, not `data.note`.
  const unsafe = findUnsafeValue(record.data);
  if (unsafe) return unsafeReason(unsafe);
  if (Buffer.byteLength(JSON.stringify(record.data)) > RECORD_DATA_MAX_BYTES)
    return `data: must be at most ${RECORD_DATA_MAX_BYTES / 1024} KB`;
  return check?.(record, memberId);
}

/** The refused records of a push, each with its reason; empty when all of them can be stored. */
export function refusalsOf(
  records: readonly PushRecord[],
  memberId: string,
  check: RecordCheck | undefined,
): RecordRefusal[] {
  const refused: RecordRefusal[] = [];
  for (const record of records) {
    const reason = refusalOf(record, memberId, check);
    if (reason !== undefined) refused.push({ id: record.id, rev: record.rev, reason });
  }
  return refused;
}
