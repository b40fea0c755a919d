/** The addresses of the ebook library pages, for the pages and the listing that link to them. */
export const MEDIA_LIBRARY = '/ebook-media';
/** The id of `/ebook-page-template/{template_id}` that starts a new template. */
export const NEW_TEMPLATE = 'new';
export const templatePath = (id: string) => `/ebook-page-template/${encodeURIComponent(id)}`;
