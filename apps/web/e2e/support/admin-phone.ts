/**
 * The administrator of the browser tests: the one phone of `ADMIN_PHONES` that
 * playwright.config.ts gives the server (docs/organisation.md, "Roles"). No import here, so
 * the config can read it.
 */
export const adminPhone = '+33699990001'
