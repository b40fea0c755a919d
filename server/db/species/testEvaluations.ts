import type { IocRegion, RangeEvaluation } from './derivedLists';

/** A made-up evaluation row, passing or not, for tests that steer the derived-list gate. */
export const madeUpEvaluation = (countryId: string, region: IocRegion, passes: boolean): RangeEvaluation => ({
  countryId,
  region,
  trueSize: 100,
  outsideIoc: 0,
  derivedSize: 100,
  matched: passes ? 95 : 50,
  precision: passes ? 0.95 : 0.5,
  recall: passes ? 0.95 : 0.5,
  passes,
});
