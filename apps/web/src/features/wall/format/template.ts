/**
 * Fills the `{{name}}` placeholders of a text of texts/card.ts outside React (the pure helpers
 * of this folder have no i18next instance). A name is inserted as is, '$' and all.
 */
export const fillTemplate = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) => values[key] ?? placeholder)
