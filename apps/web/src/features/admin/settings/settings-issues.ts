/** A field message of a refused save, placed on the field it concerns. */
export interface SettingsIssues {
  signupMode?: string
  /** By the index of the domain in the list sent. */
  domains: { at: number; message: string }[]
  /** About the list as a whole ('At most 100 domains.'), or about nothing the form shows. */
  other: string[]
}

/**
 * Sorts the issues of a refused `PUT /api/admin/settings` by field: their paths name the body's
 * field (`body.allowedEmailDomains.2`, or without the `body.` prefix), a domain by its index.
 */
export const settingsIssues = (
  issues: readonly { path: string; message: string }[],
): SettingsIssues => {
  const sorted: SettingsIssues = { domains: [], other: [] }
  for (const issue of issues) {
    const path = issue.path.replace(/^body\./, '')
    const domain = /^allowedEmailDomains\.(\d+)$/.exec(path)
    if (domain) sorted.domains.push({ at: Number(domain[1]), message: issue.message })
    else if (path === 'signupMode') sorted.signupMode ??= issue.message
    else sorted.other.push(issue.message)
  }
  return sorted
}

/** The domains of the textarea, one a line, blank lines left out. */
export const domainLines = (text: string): string[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
