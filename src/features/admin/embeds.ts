/**
 * What other admin domains reuse of these pages (the lint rule lets a domain reach another only
 * through index.ts or embeds.ts): the page frame with its online gate, the loading state, the
 * confirmation dialog, a detail form's buttons, the pager, the failure reason and the Markdown
 * editor with its preview. Imported by lazy admin pages only, so it never reaches the first route.
 */
export { AdminFrame, ConfirmDialog, DetailActions, LoadState, Pager, reasonOf, when } from './parts';
export { MarkdownEditor } from './MarkdownEditor';
