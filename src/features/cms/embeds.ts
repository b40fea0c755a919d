/**
 * What other domains' lazily loaded code may use of the content domain: the Markdown renderer (the
 * admin editors' preview shows exactly what readers will see). The first route uses ./index.ts.
 */
export { Markdown } from './Markdown';
