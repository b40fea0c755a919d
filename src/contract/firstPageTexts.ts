/**
 * Texts of the species list's first page from the server (issue 23), apart from speciesTexts.ts
 * only because that module is being reworked by another change at the same time; only the lazily
 * loaded species list imports this one.
 */
export const firstPageTexts = {
  speciesFirstPage:
    'The first {shown} of {total} species, from the server, while the whole list downloads to this device.',
} as const;
