/**
 * The administrator the e2e server starts with: playwright.config.ts creates it with the operator
 * CLI (`user:create --role admin`) before the server holds the embedded database.
 */
export const e2eAdmin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'e2e-admin@example.org',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'Harrier2026',
  nickname: 'Harrier',
};
